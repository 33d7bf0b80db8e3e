// `--print`'s progress line for a finished call names where the call went,
// from its result, when the card was made without it (its server restarting
// as the step began).
import {describe, expect, it} from 'vitest';
import {progressLine} from '../../src/cli/print.js';
import {initialState} from '../../src/state/app-state.js';
import {reduce} from '../../src/state/reduce.js';

describe('progressLine', () => {
  it('names the server and tool from the result when the card has neither', () => {
    let state = initialState({servers: [{alias: 'c1', trusted: false}]});
    state = reduce(state, {type: 'user/submitted', text: 'go'});
    state = reduce(state, {type: 'call/requested', callId: 'tu_1', name: 'mcp__c1__echo', arguments: {}});
    const event = {type: 'call/completed' as const, callId: 'tu_1', result: {text: 'ok', isError: false, durationMs: 7, alias: 'c1', tool: 'echo'}};
    state = reduce(state, event);
    expect(progressLine(event, state)).toBe('• mcp__c1__echo → c1/echo: ok (7 ms)');
  });

  it('says a tool the table does not have is not in the catalog, not "?/?"', () => {
    let state = initialState({servers: [{alias: 'c1', trusted: false}]});
    state = reduce(state, {type: 'user/submitted', text: 'go'});
    state = reduce(state, {type: 'call/requested', callId: 'tu_1', name: 'search', arguments: {}});
    const event = {type: 'call/completed' as const, callId: 'tu_1', result: {text: 'there is no tool named search', isError: true, durationMs: 0}};
    state = reduce(state, event);
    expect(progressLine(event, state)).toBe('• search → (not in the catalog): error (0 ms)');
  });

  it('warns on stderr when the answer was cut at the output limit', () => {
    let state = initialState({servers: []});
    state = reduce(state, {type: 'user/submitted', text: 'go'});
    const event = {type: 'model/responded' as const, content: [{type: 'text' as const, text: 'half an'}], stopReason: 'max_tokens'};
    state = reduce(state, event);
    expect(progressLine(event, state)).toMatch(/^• warn: The answer was cut off: the model reached its output limit \(max_tokens\)/);
    expect(progressLine({...event, stopReason: 'end_turn'}, state)).toBeUndefined();
  });
});
