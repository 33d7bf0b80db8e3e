// Tool search in a turn. A `search_tools` call is answered here, not by a
// server; a search the model API ran itself arrives inside its answer. Both
// get a card like any call (what was asked, what was found). Which of the two
// runs is decided per session: the API's own while it takes it; on its first
// refusal breakerbox's, for the rest of the session.
import type {ToolResult, ToolUse} from '../agent/history.js';
import type {ModelResponse} from '../agent/model.js';
import {buildRequest} from '../agent/request.js';
import {runToolSearch} from '../agent/tool-search/search-tool.js';
import {searchRefusal, serverSearches} from '../agent/tool-search/server-search.js';
import type {CatalogEntry} from '../hub/types.js';
import type {TurnContext} from './context.js';

/** Runs one tool search over the deferred entries (bad input is a result the model reads, not an error). */
export async function runSearchCall(use: ToolUse, deferred: readonly CatalogEntry[], t: TurnContext): Promise<ToolResult> {
  const started = Date.now();
  t.dispatch({type: 'call/requested', callId: use.id, name: use.name, arguments: use.input});
  t.dispatch({type: 'call/started', callId: use.id});
  const outcome = await runToolSearch(use.input, deferred);
  const block: ToolResult = {type: 'tool_result', tool_use_id: use.id, content: [{type: 'text', text: outcome.text}], ...(outcome.isError ? {is_error: true} : {})};
  t.dispatch({type: 'call/completed', callId: use.id, result: {isError: outcome.isError, durationMs: Date.now() - started, text: outcome.text}, block});
  return block;
}

/** One model request with tool search where it runs now; sent again once, client-side, when the API refuses its own search. */
export async function requestStep(t: TurnContext): Promise<{response: ModelResponse; deferred: CatalogEntry[]}> {
  const placement = t.searchPlacement;
  const build = (where: 'server' | 'client') => buildRequest(t.history, t.hub, t.toolSearch ?? {mode: 'auto'}, t.model.contextWindow, where);
  const send = async ({request, deferred}: ReturnType<typeof build>) => ({deferred, response: await t.model.respond({...request, signal: t.signal, onText: t.onText})});
  const first = build(t.model.serverToolSearch === true && placement?.server !== false ? 'server' : 'client');
  const withServerSearch = (first.request.deferred?.length ?? 0) > 0;
  try {
    const sent = await send(first);
    if (withServerSearch && placement) placement.accepted = true;
    return sent;
  } catch (error) {
    const refusal = withServerSearch && placement && !t.signal.aborted ? searchRefusal(error, placement) : undefined;
    if (!refusal || !placement) throw error;
    placement.server = false;
    t.dispatch({type: 'notice/posted', level: 'warn', text: `${refusal}; breakerbox searches tools itself (search_tools) for the rest of this session`});
    return send(build('client'));
  }
}

/** Cards for the searches the API ran inside `response` (their results are already in the answer). */
export function showServerSearches(response: ModelResponse, t: TurnContext): void {
  for (const s of serverSearches(response.content, t.hub.catalog.byName)) {
    t.dispatch({type: 'call/requested', callId: s.id, name: s.name, arguments: s.input});
    t.dispatch({type: 'call/started', callId: s.id});
    t.dispatch({type: 'call/completed', callId: s.id, result: {isError: s.isError, durationMs: 0, text: s.text}});
  }
}
