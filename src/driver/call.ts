// One tool call of a turn: its card, the approval, the hub call, and the
// tool_result the model gets. The catalog entry is looked up once, by the
// turn, and handed to the hub.
import type {ToolResult, ToolUse} from '../agent/history.js';
import {resultText, toToolResult} from '../agent/tool-result.js';
import type {CatalogEntry, HubCallResult} from '../hub/types.js';
import {approve} from './approval.js';
import type {TurnContext} from './context.js';

/** Runs one call to its end; never throws. */
export async function runCall(use: ToolUse, entry: CatalogEntry | undefined, t: TurnContext): Promise<ToolResult> {
  t.dispatch({type: 'call/requested', callId: use.id, name: use.name, alias: entry?.alias, tool: entry?.tool, arguments: use.input});
  const denial = entry ? await approve(use.id, entry, t.approver, t.signal) : undefined;
  let result: HubCallResult;
  if (denial) {
    result = {content: [{type: 'text', text: denial}], isError: true, durationMs: 0, alias: entry?.alias, tool: entry?.tool};
  } else {
    t.dispatch({type: 'call/started', callId: use.id});
    const options = {signal: t.signal, onProgress: (p: {progress: number; total?: number; message?: string}) => t.dispatch({type: 'call/progress', callId: use.id, ...p})};
    result = entry ? await t.hub.callEntry(entry, use.input, options) : await t.hub.call(use.name, use.input, options);
    if (result.protocolError) t.dispatch({type: 'notice/posted', level: 'error', text: `${use.name}: protocol error ${result.protocolError.code}: ${result.protocolError.message}`});
  }
  const warnings = [...(result.warnings ?? [])];
  const tokens = entry ? t.resultTokens?.(entry.alias) : undefined;
  const block = toToolResult(use.id, result, t.resultCap, {...(tokens === undefined ? {} : {tokens}), onCut: (why) => warnings.push(`model given less than the card shows: ${why}`)});
  t.dispatch({
    type: 'call/completed',
    callId: use.id,
    result: {
      isError: result.isError,
      protocolError: result.protocolError,
      failure: result.failure,
      warnings: warnings.length > 0 ? warnings : result.warnings,
      durationMs: result.durationMs,
      alias: result.alias,
      tool: result.tool,
      text: resultText(result),
      content: result.content,
      ...(result.structuredContent === undefined ? {} : {structuredContent: result.structuredContent}),
    },
    block,
  });
  return block;
}
