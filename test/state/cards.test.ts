// What a card keeps of a result (bounded, no image data), choosing cards and
// opening a result in full.
import {describe, expect, it} from 'vitest';
import type {AppState, ToolCallItem} from '../../src/state/app-state.js';
import {cardResult} from '../../src/state/card-result.js';
import {reduce} from '../../src/state/reduce.js';
import {callCard} from '../../src/state/selectors.js';
import {base, run, withCalls} from './fixtures.js';

const PNG_20 = 'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAYAAACNiR0NAAAAAXNSR0IArs4c6QAAAARnQU1BAACxjwv8YQUAAAAJcEhZcwAADsMAAA7DAcdvqGQAAAAZSURBVDhPY/j/fwYDBQYwMjMzjIrSn4sAg8gCfbYfpNsAAAAASUVORK5CYII=';

describe('cardResult', () => {
  it('keeps text, reduces images and audio to their size, links and resources to their URI, structured content to indented JSON', () => {
    const r = cardResult(
      {
        content: [
          {type: 'text', text: 'hello'},
          {type: 'image', data: PNG_20, mimeType: 'image/png'},
          {type: 'audio', data: 'AAAA', mimeType: 'audio/wav'},
          {type: 'resource_link', uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain'},
          {type: 'resource', resource: {uri: 'mem://x', text: 'inside'}},
          {type: 'resource', resource: {uri: 'mem://y', blob: 'AAAAAA==', mimeType: 'application/zip'}},
          {type: 'hologram'},
        ],
        structuredContent: {a: 1},
      },
      1000,
    )!;
    expect(r.blocks).toEqual([
      {kind: 'text', text: 'hello'},
      {kind: 'image', mimeType: 'image/png', bytes: Buffer.from(PNG_20, 'base64').length, format: 'png', width: 20, height: 20},
      {kind: 'audio', mimeType: 'audio/wav', bytes: 3},
      {kind: 'link', uri: 'file:///a.txt', name: 'a', mimeType: 'text/plain'},
      {kind: 'resource', uri: 'mem://x', text: 'inside'},
      {kind: 'resource', uri: 'mem://y', mimeType: 'application/zip', bytes: 4},
      {kind: 'other', type: 'hologram'},
    ]);
    expect(r.structured).toBe('{\n  "a": 1\n}');
    expect(r.cut).toBe(0);
    expect(JSON.stringify(r)).not.toContain(PNG_20.slice(0, 40));
  });

  it('stays within its bound whatever the server sends, and counts what it left out', () => {
    const r = cardResult({content: [{type: 'text', text: 'x'.repeat(5000)}, {type: 'text', text: 'y'.repeat(5000)}], structuredContent: {big: 'z'.repeat(5000)}}, 3000)!;
    expect(JSON.stringify(r).length).toBeLessThan(3300);
    expect(r.cut).toBe(10_000 + JSON.stringify({big: 'z'.repeat(5000)}, null, 2).length - 3000);
    expect(cardResult({content: []}, 100)).toBeUndefined();
    expect(cardResult({content: 'nonsense' as never}, 100)).toBeUndefined();
  });
});

/** Three finished calls between answers, in a finished turn. */
function withCards(): AppState {
  let s = withCalls(base(), 'c1', 'c2', 'c3');
  for (const id of ['c1', 'c2', 'c3']) s = run(s, {type: 'call/started', callId: id, at: 1}, {type: 'call/completed', callId: id, result: {durationMs: 1, text: `result of ${id}`, content: [{type: 'text', text: `result of ${id}`}]}});
  return run(s, {type: 'model/responded', content: [{type: 'text', text: 'done'}], stopReason: 'end_turn'}, {type: 'turn/finished'});
}

describe('choosing cards and opening a result', () => {
  it('call/completed keeps the result on the card', () => {
    expect((callCard(withCards(), 'c2') as ToolCallItem).result).toEqual({blocks: [{kind: 'text', text: 'result of c2'}], cut: 0});
  });

  it('← starts at the newest card and walks back, → at the oldest and walks forward; the ends stay put', () => {
    expect(reduce(withCards(), {type: 'ui/card-selected', step: 1}).ui.selectedCall).toBe('c1');
    let s = withCards();
    const pick = (step: 1 | -1) => (s = reduce(s, {type: 'ui/card-selected', step})).ui.selectedCall;
    expect(pick(-1)).toBe('c3');
    expect(pick(-1)).toBe('c2');
    expect(pick(-1)).toBe('c1');
    const before = s;
    expect(pick(-1)).toBe('c1');
    expect(s).toBe(before);
    expect(pick(1)).toBe('c2');
  });

  it('choosing a card out of view scrolls the conversation to it', () => {
    let s = run(withCards(), {type: 'ui/pane-measured', pane: 'conversation', height: 1});
    s = run(s, {type: 'ui/card-selected', step: -1}, {type: 'ui/card-selected', step: -1});
    expect(s.ui.scroll.conversation).toEqual({offset: s.conversation.callIndex.get('c2'), follow: false});
  });

  it('opening shows the chosen card (else the newest); scrolling stays within the measured rows; closing returns', () => {
    let s = withCards();
    expect(reduce(base(), {type: 'ui/result-opened'}).ui.result).toBeNull();
    s = reduce(s, {type: 'ui/result-opened'});
    expect(s.ui.result).toEqual({callId: 'c3', offset: 0, rows: 0, height: 0});
    // Opening chose the card: ← from there is the one before it.
    s = run(s, {type: 'ui/result-closed'}, {type: 'ui/card-selected', step: -1}, {type: 'ui/result-opened'});
    expect(s.ui.result?.callId).toBe('c2');
    s = run(s, {type: 'ui/result-measured', rows: 50, height: 20}, {type: 'ui/result-scrolled', delta: 10});
    expect(s.ui.result?.offset).toBe(10);
    s = run(s, {type: 'ui/result-scrolled', delta: 100});
    expect(s.ui.result?.offset).toBe(30);
    s = run(s, {type: 'ui/result-scrolled', to: 'top'});
    expect(s.ui.result?.offset).toBe(0);
    s = run(s, {type: 'ui/result-scrolled', to: 'bottom'});
    expect(s.ui.result?.offset).toBe(30);
    s = run(s, {type: 'ui/result-measured', rows: 25, height: 20});
    expect(s.ui.result?.offset).toBe(5);
    s = run(s, {type: 'ui/result-scrolled', delta: -1});
    expect(s.ui.result?.offset).toBe(4);
    s = reduce(s, {type: 'ui/result-closed'});
    expect(s.ui.result).toBeNull();
    expect(reduce(s, {type: 'ui/result-closed'})).toBe(s);
    expect(reduce(s, {type: 'ui/result-opened', callId: 'nope'})).toBe(s);
  });
});
