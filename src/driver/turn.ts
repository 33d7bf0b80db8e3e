// One user turn: model → tool calls → results → model, until an answer or a
// limit. Every outcome becomes an event; the history the model sees is kept
// valid whatever happens (each tool_use answered before the turn returns).
import {appendUserText, notRun, unansweredUses, type ToolUse} from '../agent/history.js';
import {SEARCH_TOOL_NAME} from '../agent/tool-search/search-tool.js';
import {runCall} from './call.js';
import {requestStep, runSearchCall, showServerSearches} from './search-call.js';
import type {TurnContext} from './context.js';

/** Runs one turn; its outcome is in the store when this resolves. */
export async function runTurn(question: string, t: TurnContext): Promise<void> {
  appendUserText(t.history, question);
  let steps = 0;
  try {
    for (;;) {
      if (t.signal.aborted) return cancelled(t);
      steps++;
      t.dispatch({type: 'model/requested', step: steps, maxSteps: t.maxSteps});
      const catalog = t.hub.catalog;
      const {response, deferred} = await requestStep(t);
      if (response.usage) {
        const u = response.usage;
        t.dispatch({type: 'usage/recorded', input: u.inputTokens, cacheRead: u.cacheReadTokens ?? 0, cacheWrite: u.cacheWriteTokens ?? 0});
      }
      t.history.push({role: 'assistant', content: response.content});
      t.dispatch({type: 'model/responded', content: response.content, stopReason: response.stopReason});
      showServerSearches(response, t);
      const uses = response.content.filter((b): b is ToolUse => b.type === 'tool_use');
      // The API paused its own work (a long server-side search): sending the history again lets it go on.
      if (uses.length === 0 && response.stopReason === 'pause_turn' && steps < t.maxSteps) continue;
      if (uses.length === 0) {
        t.dispatch({type: 'turn/finished'});
        return;
      }
      if (steps >= t.maxSteps) {
        // The model still wants tools after its last allowed request: run nothing more.
        close(t, `not run: the step limit of ${t.maxSteps} model requests for one turn was reached`);
        t.dispatch({type: 'turn/step-limit-reached', maxSteps: t.maxSteps});
        return;
      }
      const results = await Promise.all(
        uses.map((use) => (use.name === SEARCH_TOOL_NAME && deferred.length > 0 ? runSearchCall(use, deferred, t) : runCall(use, catalog.byName.get(use.name), t))),
      );
      // Calls run concurrently; their results go back in the order requested.
      t.history.push({role: 'user', content: results});
      if (t.signal.aborted) return cancelled(t);
    }
  } catch (err) {
    if (t.signal.aborted || (err as Error)?.name === 'AbortError') return cancelled(t);
    const message = err instanceof Error ? err.message : String(err);
    close(t, 'not run: the turn was cancelled or failed before this call finished');
    t.dispatch({type: 'model/failed', message});
    t.dispatch({type: 'turn/failed', message});
  }
}

function cancelled(t: TurnContext): void {
  close(t, 'not run: the turn was cancelled or failed before this call finished');
  t.dispatch({type: 'turn/cancelled'});
}

/** A tool_use with no tool_result would make the next request invalid: answer each as not run. */
function close(t: TurnContext, why: string): void {
  const uses = unansweredUses(t.history);
  if (uses.length === 0) return;
  const results = uses.map((u) => notRun(u.id, why));
  t.history.push({role: 'user', content: results});
  uses.forEach((u, i) => t.closed(u, results[i]!));
}

