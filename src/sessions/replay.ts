import type {ContentBlock} from '../session/mcp-types.js';
import {resultText} from '../hub/content/index.js';
import {apiToolSearches, type ModelContent, type ModelMessage} from '../state/model-content.js';
import type {AppEvent} from '../state/events.js';
import type {CallRoute} from './rebuild.js';

/**
 * Events that rebuild a resumed conversation in the transcript: each user
 * text starts a turn, assistant messages and their calls follow, and every
 * turn ends finished. `routes` names each call's server and tool as saved (the
 * servers are not up yet when this runs). A saved call keeps no duration, so
 * its card gives none (it said "done in 0 ms"). Dispatch them (`store.dispatchAll`)
 * before the first frame.
 */
export function replayEvents(history: readonly ModelMessage[], routes: ReadonlyMap<string, CallRoute> = new Map()): AppEvent[] {
  const events: AppEvent[] = [];
  let running = false;
  for (const message of history) {
    if (message.role === 'assistant') {
      const uses = message.content.filter((b): b is Extract<ModelContent, {type: 'tool_use'}> => b.type === 'tool_use');
      events.push({type: 'model/responded', content: message.content, stopReason: uses.length ? 'tool_use' : 'end_turn'});
      // Searches the model API ran itself were answered inside the message: names only, the saved session has no descriptions.
      for (const s of apiToolSearches(message.content)) {
        events.push({type: 'call/requested', callId: s.id, name: s.name, arguments: s.input});
        const o = s.outcome;
        const text = !o ? '(no answer was saved)' : o.type === 'tool_search_tool_result_error' ? `The API's tool search failed (${o.error_code}).` : o.tool_references.map((r) => r.tool_name).join('\n') || 'No tool matched.';
        events.push({type: 'call/completed', callId: s.id, result: {isError: o?.type === 'tool_search_tool_result_error', text}});
      }
      for (const use of uses) {
        const route = routes.get(use.id);
        events.push({type: 'call/requested', callId: use.id, name: use.name, ...(route ? {alias: route.alias, tool: route.tool} : {}), arguments: use.input});
      }
      continue;
    }
    for (const block of message.content) {
      if (block.type === 'tool_result') {
        // Back to MCP content, so the card shows it as it did live.
        const content = block.content.map((c): ContentBlock => (c.type === 'text' ? {type: 'text', text: c.text} : {type: 'image', data: c.source.data, mimeType: c.source.media_type}));
        events.push({type: 'call/completed', callId: block.tool_use_id, result: {isError: block.is_error === true, text: resultText({content}), content}});
      } else if (block.type === 'text') {
        if (running) events.push({type: 'turn/finished'});
        events.push({type: 'user/submitted', text: block.text});
        running = true;
      }
    }
  }
  if (running) events.push({type: 'turn/finished'});
  return events;
}
