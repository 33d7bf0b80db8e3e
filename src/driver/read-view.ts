// A resource read as the store keeps it: text parts bounded, binary parts
// summarised by type and size (never kept whole).
import {decodedBytes} from '../hub/content/index.js';
import type {HubOutcome} from '../hub/inspect-types.js';
import type {ResourceContents} from '../session/mcp-types.js';
import type {ResourceReadView} from '../state/inspect-state.js';
import {truncate} from '../state/text.js';

/** The view of one finished read; `maxChars` bounds the text kept. */
export function readView(alias: string, uri: string, outcome: HubOutcome<ResourceContents[]>, maxChars: number): ResourceReadView {
  if (!outcome.ok) return {alias, uri, state: 'failed', error: outcome.error, durationMs: outcome.durationMs};
  let budget = maxChars;
  const parts = outcome.value.map((c) => {
    const head = {uri: c.uri, ...(c.mimeType === undefined ? {} : {mimeType: c.mimeType})};
    if (typeof c.text !== 'string') return {...head, bytes: decodedBytes(c.blob ?? '')};
    const text = truncate(c.text, Math.max(1, budget));
    budget = Math.max(0, budget - text.length);
    return {...head, text};
  });
  return {alias, uri, state: 'done', parts, durationMs: outcome.durationMs};
}
