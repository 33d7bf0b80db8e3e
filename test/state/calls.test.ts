import {describe, expect, it} from 'vitest';
import type {AppState, ToolCallItem} from '../../src/state/app-state.js';
import {reduce} from '../../src/state/reduce.js';
import {callCard, pendingApproval} from '../../src/state/selectors.js';
import {base, run, withCalls} from './fixtures.js';

const card = (s: AppState, id: string) => callCard(s, id) as ToolCallItem;

describe('call events', () => {
  it('call/requested appends a pending card and indexes it; a repeat id is a no-op', () => {
    const s = withCalls(base(), 'c1', 'c2');
    expect(card(s, 'c2')).toMatchObject({kind: 'tool-call', callId: 'c2', name: 'mcp__a__c2', alias: 'a', tool: 'c2', args: {id: 'c2'}, state: 'pending', turnId: 1});
    expect(s.conversation.callIndex.get('c1')).toBe(1);
    expect(s.conversation.callIndex.get('c2')).toBe(2);
    expect(s.turn.openCalls).toEqual(['c1', 'c2']);
    expect(reduce(s, {type: 'call/requested', callId: 'c1', name: 'x', arguments: {}})).toBe(s);
  });

  it('a call to an unknown tool has no alias', () => {
    const s = run(base(), {type: 'user/submitted', text: 'go'}, {type: 'call/requested', callId: 'u', name: 'mcp__nope__x', arguments: {}});
    expect(card(s, 'u').alias).toBeUndefined();
  });

  it('events for an unknown call id are no-ops', () => {
    const s = withCalls(base(), 'c1');
    for (const ev of [
      {type: 'call/progress', callId: 'zz', progress: 1},
      {type: 'call/started', callId: 'zz', at: 1},
      {type: 'call/approval-asked', callId: 'zz', trusted: false},
      {type: 'call/approved', callId: 'zz', always: true},
      {type: 'call/denied', callId: 'zz'},
      {type: 'call/completed', callId: 'zz', result: {durationMs: 1, text: ''}},
    ] as const) {
      expect(reduce(s, ev)).toBe(s);
    }
  });

  it('queues approvals and asks the oldest first', () => {
    let s = withCalls(base(), 'c1', 'c2', 'c3');
    s = run(
      s,
      {type: 'call/approval-asked', callId: 'c1', trusted: false, annotations: {destructiveHint: true}},
      {type: 'call/approval-asked', callId: 'c2', trusted: true},
      {type: 'call/approval-asked', callId: 'c3', trusted: false},
    );
    expect(s.approvals).toEqual(['c1', 'c2', 'c3']);
    expect(pendingApproval(s)?.callId).toBe('c1');
    expect(card(s, 'c1')).toMatchObject({state: 'awaiting-approval', trusted: false, annotations: {destructiveHint: true}});
    expect(reduce(s, {type: 'call/approval-asked', callId: 'c1', trusted: false})).toBe(s);

    s = run(s, {type: 'call/approved', callId: 'c1', always: false});
    expect(s.approvals).toEqual(['c2', 'c3']);
    expect(card(s, 'c1')).toMatchObject({state: 'pending', approval: 'once'});
    expect(s.alwaysAllowed.size).toBe(0);
    expect(reduce(s, {type: 'call/approved', callId: 'c1', always: false})).toBe(s);

    // Answering out of order takes the answered one out of the queue.
    s = run(s, {type: 'call/denied', callId: 'c3'});
    expect(s.approvals).toEqual(['c2']);
    expect(card(s, 'c3')).toMatchObject({state: 'denied', approval: 'denied'});
    expect(s.turn.openCalls).toEqual(['c1', 'c2']);
    expect(reduce(s, {type: 'call/denied', callId: 'c3'})).toBe(s);

    s = run(s, {type: 'call/approved', callId: 'c2', always: true});
    expect(s.approvals).toEqual([]);
    expect(pendingApproval(s)).toBeNull();
    expect([...s.alwaysAllowed]).toEqual(['mcp__a__c2']);
  });

  it('always-allow of a name already allowed keeps the same set', () => {
    let s = withCalls(base(), 'c1');
    s = run(s, {type: 'call/approval-asked', callId: 'c1', trusted: false}, {type: 'call/approved', callId: 'c1', always: true});
    const set = s.alwaysAllowed;
    s = run(s, {type: 'call/requested', callId: 'c9', name: 'mcp__a__c1', arguments: {}}, {type: 'call/approval-asked', callId: 'c9', trusted: false}, {type: 'call/approved', callId: 'c9', always: true});
    expect(s.alwaysAllowed).toBe(set);
  });

  it('every later call an earlier "always" lets through says so on its card, not only the one where a was pressed', () => {
    let s = withCalls(base(), 'c1');
    s = run(s, {type: 'call/approval-asked', callId: 'c1', trusted: false}, {type: 'call/approved', callId: 'c1', always: true});
    s = run(s, {type: 'call/requested', callId: 'c7', name: 'mcp__a__c1', arguments: {}}, {type: 'call/requested', callId: 'c8', name: 'mcp__a__other', arguments: {}});
    expect(card(s, 'c7')).toMatchObject({state: 'pending', approval: 'always'});
    expect(card(s, 'c8')!.approval).toBeUndefined();
  });

  it('call/started, call/progress and call/completed move a card to done', () => {
    let s = run(withCalls(base(), 'c1'), {type: 'call/started', callId: 'c1', at: 50});
    expect(card(s, 'c1')).toMatchObject({state: 'running', startedAt: 50});
    expect(reduce(s, {type: 'call/started', callId: 'c1', at: 51})).toBe(s);

    s = run(s, {type: 'call/progress', callId: 'c1', progress: 2, total: 10, message: 'copying'});
    expect(card(s, 'c1').progress).toEqual({progress: 2, total: 10, message: 'copying'});
    expect(reduce(s, {type: 'call/progress', callId: 'c1', progress: 2, total: 10, message: 'copying'})).toBe(s);

    const result = {text: 'hello\n[image image/png]', durationMs: 17, alias: 'a', tool: 'c1'};
    s = run(s, {type: 'call/completed', callId: 'c1', result});
    expect(card(s, 'c1')).toMatchObject({state: 'done', durationMs: 17, preview: 'hello\n[image image/png]', outcome: {isError: false, alias: 'a', tool: 'c1'}});
    expect(card(s, 'c1')).not.toHaveProperty('progress');
    expect(s.turn.openCalls).toEqual([]);
    expect(reduce(s, {type: 'call/completed', callId: 'c1', result})).toBe(s);
    expect(reduce(s, {type: 'call/progress', callId: 'c1', progress: 3})).toBe(s);
  });

  it('progress before start is ignored', () => {
    const s = withCalls(base(), 'c1');
    expect(reduce(s, {type: 'call/progress', callId: 'c1', progress: 1})).toBe(s);
  });

  it('calls complete out of order, each card found by id', () => {
    let s = withCalls(base(), 'c1', 'c2', 'c3');
    s = run(s, ...(['c1', 'c2', 'c3'] as const).map((callId, i) => ({type: 'call/started' as const, callId, at: i})));
    s = run(
      s,
      {type: 'call/completed', callId: 'c3', result: {durationMs: 3, text: 'third'}},
      {type: 'call/completed', callId: 'c1', result: {durationMs: 1, isError: true, text: 'bad input'}},
    );
    expect(card(s, 'c1')).toMatchObject({state: 'error', preview: 'bad input', outcome: {isError: true}});
    expect(card(s, 'c2').state).toBe('running');
    expect(card(s, 'c3')).toMatchObject({state: 'done', preview: 'third'});
    expect(s.turn.openCalls).toEqual(['c2']);
  });

  it('protocol errors and client failures make an error card', () => {
    const s = run(
      withCalls(base(), 'p', 'f'),
      {type: 'call/started', callId: 'p', at: 1},
      {type: 'call/completed', callId: 'p', result: {durationMs: 2, text: '', protocolError: {code: -32602, message: 'Invalid params'}, failure: 'protocol'}},
      {type: 'call/completed', callId: 'f', result: {durationMs: 0, text: 'server "a" is offline', failure: 'offline', warnings: ['w']}},
    );
    expect(card(s, 'p')).toMatchObject({state: 'error', outcome: {isError: true, protocolError: {code: -32602, message: 'Invalid params'}, failure: 'protocol'}});
    expect(card(s, 'f')).toMatchObject({state: 'error', outcome: {isError: true, failure: 'offline', warnings: ['w']}});
  });

  it('bounds the preview', () => {
    const s = run(withCalls(base({limits: {previewChars: 10}}), 'c1'), {type: 'call/completed', callId: 'c1', result: {durationMs: 1, text: 'x'.repeat(1000)}});
    expect(card(s, 'c1').preview).toBe(`${'x'.repeat(9)}…`);
  });

  it('a denied card keeps what the model was told, once; a cancelled card keeps its state but records the result once', () => {
    let s = run(withCalls(base(), 'd', 'k'), {type: 'call/approval-asked', callId: 'd', trusted: false}, {type: 'call/denied', callId: 'd'});
    s = run(s, {type: 'call/completed', callId: 'd', result: {durationMs: 0, isError: true, text: 'The user declined', alias: 'a', tool: 'd'}});
    expect(card(s, 'd')).toMatchObject({state: 'denied', preview: 'The user declined', outcome: {isError: true, alias: 'a', tool: 'd'}});
    expect(card(s, 'd')).not.toHaveProperty('durationMs');
    expect(reduce(s, {type: 'call/completed', callId: 'd', result: {durationMs: 0, isError: true, text: 'again'}})).toBe(s);
    s = run(s, {type: 'call/started', callId: 'k', at: 1}, {type: 'turn/cancelled'});
    s = run(s, {type: 'call/completed', callId: 'k', result: {durationMs: 9, isError: true, failure: 'aborted', text: ''}});
    expect(card(s, 'k')).toMatchObject({state: 'cancelled', durationMs: 9, outcome: {failure: 'aborted'}});
    expect(reduce(s, {type: 'call/completed', callId: 'k', result: {durationMs: 10, text: ''}})).toBe(s);
    expect(reduce(s, {type: 'call/started', callId: 'k', at: 2})).toBe(s);
  });

  it('a card started without an approval answer leaves the queue', () => {
    const s = run(withCalls(base(), 'c1'), {type: 'call/approval-asked', callId: 'c1', trusted: false}, {type: 'call/started', callId: 'c1', at: 3});
    expect(s.approvals).toEqual([]);
    expect(card(s, 'c1').state).toBe('running');
  });

  it('changing one card shares every other item', () => {
    const s = run(withCalls(base(), 'c1', 'c2'), {type: 'call/started', callId: 'c1', at: 1});
    const t = run(s, {type: 'call/progress', callId: 'c1', progress: 1});
    expect(t.conversation.items[2]).toBe(s.conversation.items[2]);
    expect(t.conversation.items[0]).toBe(s.conversation.items[0]);
    expect(t.conversation.callIndex).toBe(s.conversation.callIndex);
  });
});
