import {describe, expect, it} from 'vitest';
import type {ModelMessage} from '../../src/agent/model.js';
import {replayEvents} from '../../src/sessions/index.js';
import {rebuildHistory} from '../../src/sessions/rebuild.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import {cardState} from '../../src/ui/panes/card-state.js';

describe('replayEvents', () => {
  it('rebuilds the transcript of a resumed session through the real reducer', () => {
    const history: ModelMessage[] = [
      {role: 'user', content: [{type: 'text', text: 'find deploy notes'}]},
      {role: 'assistant', content: [{type: 'text', text: 'Looking.'}, {type: 'tool_use', id: 'c1', name: 'mcp__notes__search', input: {query: 'deploy'}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'c1', content: [{type: 'text', text: 'n1 Deploy runbook'}]}]},
      {role: 'assistant', content: [{type: 'tool_use', id: 'c2', name: 'mcp__chaos__hang', input: {}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'c2', content: [{type: 'text', text: 'stopped'}], is_error: true}, {type: 'text', text: 'try again'}]},
      {role: 'assistant', content: [{type: 'text', text: 'Done.'}]},
    ];
    const store = createStore(initialState());
    store.dispatchAll(replayEvents(history));
    const state = store.getState();
    expect(state.turn.status).toBe('idle');
    expect(state.conversation.items.map((i) => i.kind + ('state' in i ? `:${i.state}` : ''))).toEqual(['user', 'assistant', 'tool-call:done', 'tool-call:error', 'user', 'assistant']);
    expect(state.conversation.items[2]).toMatchObject({name: 'mcp__notes__search', preview: 'n1 Deploy runbook'});
  });

  it('gives each resumed card the server and tool its call record saved, not "(not in the catalog)"', () => {
    const records = [
      {type: 'user', text: 'are there tickets about login?'},
      {type: 'assistant', content: [{type: 'tool_use', id: 't1', name: 'mcp__tickets__search', input: {query: 'login'}}]},
      {type: 'call', call: {id: 't1', name: 'mcp__tickets__search', server: 'tickets', tool: 'search', text: '0 matches'}},
      {type: 'assistant', content: [{type: 'text', text: 'None.'}]},
    ].map((record, i) => ({line: i + 1, record}));
    const {history, routes} = rebuildHistory(records);
    const store = createStore(initialState());
    store.dispatchAll(replayEvents(history, routes));
    expect(store.getState().conversation.items.find((i) => i.kind === 'tool-call')).toMatchObject({name: 'mcp__tickets__search', alias: 'tickets', tool: 'search', state: 'done'});
  });

  it('gives a resumed card no duration: the session file keeps none (it said "done in 0 ms")', () => {
    const history: ModelMessage[] = [
      {role: 'user', content: [{type: 'text', text: 'find deploy notes'}]},
      {role: 'assistant', content: [{type: 'tool_use', id: 'c1', name: 'mcp__notes__search', input: {query: 'deploy'}}, {type: 'tool_use', id: 'c2', name: 'mcp__notes__read', input: {}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'c1', content: [{type: 'text', text: 'n1'}]}, {type: 'tool_result', tool_use_id: 'c2', content: [{type: 'text', text: 'no id'}], is_error: true}]},
    ];
    const store = createStore(initialState());
    store.dispatchAll(replayEvents(history));
    const cards = store.getState().conversation.items.filter((i) => i.kind === 'tool-call');
    const stateText = cards.map((card) => cardState(card, 0).map((s) => s.text).join(''));
    expect(cards.map((c) => c.durationMs)).toEqual([undefined, undefined]);
    for (const text of stateText) expect(text).not.toMatch(/\d ms/);
    expect(stateText[0]).toMatch(/done$/);
  });

  it("shows the model API's own tool searches as cards again", () => {
    const history: ModelMessage[] = [
      {role: 'user', content: [{type: 'text', text: 'get ticket 7'}]},
      {
        role: 'assistant',
        content: [
          {type: 'server_tool_use', id: 'srv1', name: 'tool_search_tool_bm25', input: {query: 'get ticket'}},
          {type: 'tool_search_tool_result', tool_use_id: 'srv1', content: {type: 'tool_search_tool_search_result', tool_references: [{type: 'tool_reference', tool_name: 'mcp__tickets__get_ticket'}]}},
          {type: 'tool_use', id: 'c1', name: 'mcp__tickets__get_ticket', input: {id: '7'}},
        ],
      },
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'c1', content: [{type: 'text', text: 'T-7 open'}]}]},
      {role: 'assistant', content: [{type: 'text', text: 'Open.'}]},
    ];
    const store = createStore(initialState());
    store.dispatchAll(replayEvents(history));
    const items = store.getState().conversation.items;
    expect(items.map((i) => i.kind + ('state' in i ? `:${i.state}` : ''))).toEqual(['user', 'tool-call:done', 'tool-call:done', 'assistant']);
    expect(items[1]).toMatchObject({name: 'tool_search_tool_bm25', args: {query: 'get ticket'}, preview: 'mcp__tickets__get_ticket'});
  });
});
