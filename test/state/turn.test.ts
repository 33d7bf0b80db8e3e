import {describe, expect, it} from 'vitest';
import type {AssistantItem, NoticeItem} from '../../src/state/app-state.js';
import {reduce} from '../../src/state/reduce.js';
import {base, run, withCalls} from './fixtures.js';

const submit = {type: 'user/submitted', text: 'hello', at: 100} as const;

describe('user/submitted', () => {
  it('starts a turn at step 0 and appends the user message', () => {
    const s = run(base({maxSteps: 8}), submit);
    expect(s.turn).toMatchObject({id: 1, step: 0, maxSteps: 8, status: 'running', startedAt: 100, firstIndex: 0, streamingIndex: null, openCalls: []});
    expect(s.conversation.items).toEqual([{kind: 'user', id: 1, turnId: 1, text: 'hello'}]);
    const s2 = run(s, {type: 'turn/finished'}, {...submit, text: 'again'});
    expect(s2.turn).toMatchObject({id: 2, firstIndex: 1, status: 'running'});
    expect(s2.turn.outcome).toBeUndefined();
    expect(s2.turn.answer).toBe('');
  });

  it('ignores blank input', () => {
    const s = base();
    expect(reduce(s, {type: 'user/submitted', text: '  \n'})).toBe(s);
  });
});

describe('model events', () => {
  it('model/requested sets step and max; same values are a no-op; ignored when idle', () => {
    const s = run(base(), submit, {type: 'model/requested', step: 1, maxSteps: 10});
    expect(s.turn).toMatchObject({step: 1, maxSteps: 10});
    expect(reduce(s, {type: 'model/requested', step: 1, maxSteps: 10})).toBe(s);
    const idle = base();
    expect(reduce(idle, {type: 'model/requested', step: 1, maxSteps: 10})).toBe(idle);
  });

  it('model/text-delta accumulates into one streaming message', () => {
    const s = run(base(), submit, {type: 'model/text-delta', text: 'Hel'}, {type: 'model/text-delta', text: 'lo, '}, {type: 'model/text-delta', text: 'world'});
    expect(s.conversation.items).toHaveLength(2);
    expect(s.conversation.items[1]).toMatchObject({kind: 'assistant', text: 'Hello, world', streaming: true});
    expect(s.turn.streamingIndex).toBe(1);
  });

  it('model/text-delta of "" and deltas while idle are no-ops', () => {
    const s = run(base(), submit, {type: 'model/text-delta', text: 'x'});
    expect(reduce(s, {type: 'model/text-delta', text: ''})).toBe(s);
    const idle = run(s, {type: 'turn/cancelled'});
    expect(reduce(idle, {type: 'model/text-delta', text: 'late'})).toBe(idle);
  });

  it('a delta replaces only the streaming item and shares the others', () => {
    const s = run(base(), submit, {type: 'model/text-delta', text: 'a'});
    const t = run(s, {type: 'model/text-delta', text: 'b'});
    expect(t.conversation.items[0]).toBe(s.conversation.items[0]);
    expect(t.conversation.items[1]).not.toBe(s.conversation.items[1]);
    expect(t.conversation.callIndex).toBe(s.conversation.callIndex);
  });

  it('model/responded finishes the streaming message with the final text', () => {
    const s = run(
      base(),
      submit,
      {type: 'model/text-delta', text: 'Hi th'},
      {type: 'model/responded', content: [{type: 'text', text: 'Hi there'}, {type: 'tool_use', id: 't1', name: 'x', input: {}}], stopReason: 'tool_use'},
    );
    expect(s.conversation.items[1]).toMatchObject({kind: 'assistant', text: 'Hi there', streaming: false, stopReason: 'tool_use'});
    expect(s.turn.streamingIndex).toBeNull();
    expect(s.turn.answer).toBe('Hi there');
    // The next step's deltas start a new message.
    const t = run(s, {type: 'model/text-delta', text: 'Next'});
    expect(t.conversation.items).toHaveLength(3);
    expect((t.conversation.items[2] as AssistantItem).text).toBe('Next');
  });

  it('model/responded without streaming appends the text, or nothing when there is none', () => {
    const s = run(base(), submit, {type: 'model/responded', content: [{type: 'text', text: 'Done.'}], stopReason: 'end_turn'});
    expect(s.conversation.items[1]).toMatchObject({kind: 'assistant', text: 'Done.', streaming: false});
    const t = run(base(), submit, {type: 'model/responded', content: [{type: 'tool_use', id: 't', name: 'n', input: {}}], stopReason: 'tool_use'});
    expect(t.conversation.items).toHaveLength(1);
    expect(t.turn.answer).toBe('');
  });

  it('model/responded keeps streamed text when the final content has none', () => {
    const s = run(base(), submit, {type: 'model/text-delta', text: 'partial'}, {type: 'model/responded', content: [], stopReason: 'max_tokens'});
    expect(s.conversation.items[1]).toMatchObject({text: 'partial', streaming: false});
  });

  it('model/failed closes streaming and posts an error notice once', () => {
    const s = run(base(), submit, {type: 'model/text-delta', text: 'par'}, {type: 'model/failed', message: '529 overloaded'});
    expect(s.conversation.items[1]).toMatchObject({streaming: false});
    expect(s.conversation.items[2]).toMatchObject({kind: 'notice', level: 'error', text: 'Model request failed: 529 overloaded'});
    expect(s.turn.error).toBe('529 overloaded');
    const t = run(s, {type: 'turn/failed', message: '529 overloaded'});
    expect(t.conversation.items).toHaveLength(3);
    expect(t.turn).toMatchObject({status: 'idle', outcome: 'error'});
  });
});

describe('turn end', () => {
  it('turn/step-limit-reached ends the turn with a notice and the step-limit outcome', () => {
    const s = run(base(), submit, {type: 'model/requested', step: 10, maxSteps: 10}, {type: 'model/text-delta', text: 'x'}, {type: 'turn/step-limit-reached', maxSteps: 10});
    const notice = s.conversation.items.at(-1) as NoticeItem;
    expect(notice).toMatchObject({kind: 'notice', level: 'warn', turnId: 1});
    expect(notice.text).toContain('10 steps');
    expect(s.turn).toMatchObject({status: 'idle', outcome: 'step_limit', streamingIndex: null});
    expect(s.conversation.items[1]).toMatchObject({streaming: false});
    // A turn/finished after it (if the loop sends one) changes nothing.
    expect(reduce(s, {type: 'turn/finished'})).toBe(s);
    const idle = base();
    expect(reduce(idle, {type: 'turn/step-limit-reached', maxSteps: 10})).toBe(idle);
  });

  it('turn/finished makes the turn idle; when idle it is a no-op', () => {
    const s = run(base(), submit, {type: 'model/text-delta', text: 'x'}, {type: 'turn/finished'});
    expect(s.turn).toMatchObject({status: 'idle', outcome: 'end_turn', streamingIndex: null});
    expect(s.conversation.items[1]).toMatchObject({streaming: false});
    expect(reduce(s, {type: 'turn/finished'})).toBe(s);
  });

  it('turn/cancel-requested marks the turn cancelling, once', () => {
    const s = run(base(), submit, {type: 'turn/cancel-requested'});
    expect(s.turn.status).toBe('cancelling');
    expect(reduce(s, {type: 'turn/cancel-requested'})).toBe(s);
    const idle = base();
    expect(reduce(idle, {type: 'turn/cancel-requested'})).toBe(idle);
  });

  it('turn/cancelled marks running, pending and awaiting calls cancelled and clears their approvals', () => {
    let s = withCalls(base(), 'c1', 'c2', 'c3', 'c4');
    s = run(
      s,
      {type: 'call/started', callId: 'c1', at: 5},
      {type: 'call/progress', callId: 'c1', progress: 1, total: 3},
      {type: 'call/approval-asked', callId: 'c2', trusted: false},
      {type: 'call/started', callId: 'c4', at: 6},
      {type: 'call/completed', callId: 'c4', result: {durationMs: 3, text: 'ok'}},
      {type: 'model/text-delta', text: 'thinking'},
      {type: 'turn/cancel-requested'},
      {type: 'turn/cancelled'},
    );
    const states = s.conversation.items.flatMap((i) => (i.kind === 'tool-call' ? [[i.callId, i.state]] : []));
    expect(states).toEqual([['c1', 'cancelled'], ['c2', 'cancelled'], ['c3', 'cancelled'], ['c4', 'done']]);
    expect(s.conversation.items.find((i) => i.kind === 'tool-call' && i.callId === 'c1')).not.toHaveProperty('progress');
    expect(s.approvals).toEqual([]);
    expect(s.turn).toMatchObject({status: 'idle', outcome: 'cancelled', openCalls: [], streamingIndex: null});
    expect(s.conversation.items.at(-1)).toMatchObject({kind: 'notice', text: 'Turn cancelled.'});
    expect(reduce(s, {type: 'turn/cancelled'})).toBe(s);
  });

  it('an answer cut at the output limit, or refused, gets a warning after it; a normal end none', () => {
    const cut = run(base(), submit, {type: 'model/text-delta', text: 'The answer goes on and'}, {type: 'model/responded', content: [{type: 'text', text: 'The answer goes on and'}], stopReason: 'max_tokens'});
    expect(cut.conversation.items.slice(-2)).toMatchObject([
      {kind: 'assistant', text: 'The answer goes on and', stopReason: 'max_tokens'},
      {kind: 'notice', level: 'warn', text: expect.stringMatching(/^The answer was cut off: the model reached its output limit \(max_tokens\)/)},
    ]);
    const refused = run(base(), submit, {type: 'model/responded', content: [], stopReason: 'refusal'});
    expect(refused.conversation.items.at(-1)).toMatchObject({kind: 'notice', level: 'warn', text: 'The model declined to answer (stop reason: refusal).'});
    const normal = run(base(), submit, {type: 'model/responded', content: [{type: 'text', text: 'done'}], stopReason: 'end_turn'});
    expect(normal.conversation.items.at(-1)).toMatchObject({kind: 'assistant', text: 'done'});
  });

  it('turn/failed ends the turn with an error notice; idle is a no-op', () => {
    const s = run(base(), submit, {type: 'turn/failed', message: 'boom'});
    expect(s.turn).toMatchObject({status: 'idle', outcome: 'error', error: 'boom'});
    expect(s.conversation.items.at(-1)).toMatchObject({kind: 'notice', level: 'error', text: 'Turn failed: boom'});
    expect(reduce(s, {type: 'turn/failed', message: 'boom'})).toBe(s);
  });

  it('a new submit while running ends the old turn first', () => {
    const s = run(withCalls(base(), 'c1'), {type: 'call/started', callId: 'c1', at: 1}, {type: 'user/submitted', text: 'next'});
    expect(s.conversation.items[1]).toMatchObject({callId: 'c1', state: 'cancelled'});
    expect(s.turn).toMatchObject({id: 2, status: 'running', openCalls: [], firstIndex: 2});
  });
});

describe('conversation/cleared', () => {
  it('empties the transcript when idle; empty or running is a no-op', () => {
    const s = run(withCalls(base(), 'c1'), {type: 'turn/finished'}, {type: 'ui/scrolled', pane: 'conversation', to: 'top'});
    const t = run(s, {type: 'conversation/cleared'});
    expect(t.conversation.items).toEqual([]);
    expect(t.conversation.callIndex.size).toBe(0);
    expect(t.turn.firstIndex).toBe(0);
    expect(t.ui.scroll.conversation).toEqual({offset: 0, follow: true});
    expect(reduce(t, {type: 'conversation/cleared'})).toBe(t);
    const running = withCalls(base(), 'c1');
    expect(reduce(running, {type: 'conversation/cleared'})).toBe(running);
    // Ids keep increasing so React keys never repeat.
    const u = run(t, submit);
    expect(u.conversation.items[0].id).toBeGreaterThan(s.conversation.items[1].id);
  });
});
