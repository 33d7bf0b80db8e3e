// A `search_tools` call: answered here, not by a server. It gets a card like
// any call (what was asked, what was found), and its result names the tools
// the next request will carry in full.
import type {ToolResult, ToolUse} from '../agent/history.js';
import {runToolSearch} from '../agent/tool-search/search-tool.js';
import type {CatalogEntry} from '../hub/types.js';
import type {TurnContext} from './context.js';

/** Runs one tool search over the deferred entries; never throws. */
export function runSearchCall(use: ToolUse, deferred: readonly CatalogEntry[], t: TurnContext): ToolResult {
  const started = Date.now();
  t.dispatch({type: 'call/requested', callId: use.id, name: use.name, arguments: use.input});
  t.dispatch({type: 'call/started', callId: use.id});
  const outcome = runToolSearch(use.input, deferred);
  const block: ToolResult = {type: 'tool_result', tool_use_id: use.id, content: [{type: 'text', text: outcome.text}], ...(outcome.isError ? {is_error: true} : {})};
  t.dispatch({type: 'call/completed', callId: use.id, result: {isError: outcome.isError, durationMs: Date.now() - started, text: outcome.text}, block});
  return block;
}
