// Tool results on their way to the model: Unicode tag characters spell text
// nobody sees, so they are taken out of every text a result carries, and the
// model and the user are both told. (Zero-width and bidi characters stay:
// they have honest uses in results, and the terminal sanitiser handles bidi.)
import type {ContentBlock} from '../../session/mcp-types.js';
import {stripTagCharacters} from '../../util/visible.js';
import {addWarning, type NormalResult} from '../content/normalize.js';

/** The note the model reads after a result that hid tag characters. */
export function tagNote(count: number, what = 'this result'): string {
  return `[breakerbox removed ${count} invisible Unicode tag character${count === 1 ? '' : 's'} from ${what}: hidden text that was not shown to the user]`;
}

/** Removes tag characters from the text and resource blocks of `result` (in place), with a note when there were any. */
export function stripResultTags(result: NormalResult): void {
  // Every result passes here: one scan that allocates nothing, and new content only for one that has any.
  if (!result.content.some(mayHaveTags)) return;
  let removed = 0;
  const content = result.content.map((block): ContentBlock => {
    if (block.type === 'text' && typeof block.text === 'string') {
      const s = stripTagCharacters(block.text);
      if (s.removed === 0) return block;
      removed += s.removed;
      return {...block, text: s.text};
    }
    const resource = (block as {resource?: {text?: unknown}}).resource;
    if (block.type === 'resource' && typeof resource?.text === 'string') {
      const s = stripTagCharacters(resource.text);
      if (s.removed === 0) return block;
      removed += s.removed;
      return {...block, resource: {...resource, text: s.text}} as ContentBlock;
    }
    return block;
  });
  if (removed === 0) return;
  addWarning(result, tagNote(removed).slice(1, -1));
  result.content = [...content, {type: 'text', text: tagNote(removed)}];
}

// Tag characters are astral: their UTF-16 form starts with the lead surrogate U+DB40.
function mayHaveTags(block: ContentBlock): boolean {
  if (block.type === 'text') return typeof block.text === 'string' && block.text.includes('\u{DB40}');
  const text = (block as {resource?: {text?: unknown}}).resource?.text;
  return block.type === 'resource' && typeof text === 'string' && text.includes('\u{DB40}');
}
