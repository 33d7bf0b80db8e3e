// A server's status is replaced on every change (callers may keep old ones),
// as a spread of the one before. When the first status held only some
// members, each spread that added one gave the new status a hidden class of
// its own (issue #17, BENCHMARKS.md §30): the first status now holds every
// member, so the spreads only overwrite (~0.56 KB of statuses a server per
// start, ~2.4 KB before, counted with leastAllocated; not asserted here: once
// V8 has made the transitions, later spreads reuse them, so the count depends
// on what ran before it in the process).
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {nodeServer, testHub} from '../helpers/hub.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

describe("a server's statuses", () => {
  it('keep the first status\'s members, in its order, through a whole start: a change only overwrites', async () => {
    const {hub} = testHub([nodeServer('notes', 'notes.mjs'), nodeServer('tickets', 'tickets.mjs')]);
    hubs.push(hub);
    const before = hub.statuses().map((s) => Object.keys(s));
    await hub.start();
    const after = hub.statuses();
    expect(after.map((s) => s.state)).toEqual(['online', 'online']);
    expect(after.map((s) => Object.keys(s))).toEqual(before);
  }, 60_000);
});
