// A session recorded with one provider, continued with another: the history
// is kept in one neutral shape (Messages API blocks), so what differs is
// only what each API accepts. Call ids are rewritten to the target's rules
// (the same new id in the tool call and its result), arguments that were not
// JSON become an empty object for Claude (the call already failed; only its
// record remains), and blocks the target cannot read are left out. Every
// change is reported in one line for the user.
import {createHash} from 'node:crypto';
import type {ModelContent, ModelMessage, ProviderName} from '../model.js';

const KNOWN = new Set(['text', 'image', 'tool_use', 'tool_result']);

/** Converts `history` in place for `to`; returns what changed (empty when nothing had to). */
export function adaptHistory(history: ModelMessage[], from: ProviderName | undefined, to: ProviderName): string[] {
  if (from === to || to === 'offline') return [];
  const ids = new Map<string, string>();
  let inputs = 0;
  let dropped = 0;
  const fixId = (id: string): string => {
    if (validId(id, to)) return id;
    let fixed = ids.get(id);
    if (!fixed) {
      fixed = `call_${createHash('sha256').update(id).digest('hex').slice(0, 24)}`;
      ids.set(id, fixed);
    }
    return fixed;
  };
  for (const message of history) {
    const content: ModelContent[] = [];
    for (const block of message.content) {
      if (!KNOWN.has(block.type)) {
        dropped++;
        continue;
      }
      if (block.type === 'tool_use') {
        const objectInput = isArgumentsObject(block.input);
        if (to === 'anthropic' && !objectInput) inputs++;
        content.push({...block, id: fixId(block.id), input: to === 'anthropic' && !objectInput ? {} : block.input});
      } else if (block.type === 'tool_result') content.push({...block, tool_use_id: fixId(block.tool_use_id)});
      else content.push(block);
    }
    message.content = content.length ? content : [{type: 'text', text: '(left out: content this model cannot read)'}];
  }
  const notes: string[] = [];
  if (ids.size) notes.push(`${ids.size} call id${ids.size === 1 ? '' : 's'} rewritten to fit the ${to} API`);
  if (inputs) notes.push(`${inputs} earlier call${inputs === 1 ? '' : 's'} whose arguments were not JSON shown with empty arguments`);
  if (dropped) notes.push(`${dropped} block${dropped === 1 ? '' : 's'} only ${from ?? 'the earlier model'} reads left out`);
  return notes;
}

/** Claude takes a call's arguments only as an object: a slip recorded as text (not JSON) or another value is not one. */
export function isArgumentsObject(input: unknown): boolean {
  return input !== null && typeof input === 'object' && !Array.isArray(input);
}

function validId(id: string, to: ProviderName): boolean {
  // Chat Completions refuses ids over 40 characters; the Messages API takes only this alphabet.
  return to === 'openai' ? id.length > 0 && id.length <= 40 : /^[A-Za-z0-9_-]+$/.test(id);
}
