// Server rows for the catalog from cache and lazy servers (issue #18).
import {describe, expect, it} from 'vitest';
import type {ServerView} from '../../src/state/app-state.js';
import {lineText} from '../../src/ui/line.js';
import {serverLines} from '../../src/ui/panes/server-rows.js';

const view = (over: Partial<ServerView>): ServerView => ({alias: 'tickets', state: 'starting', toolCount: 0, pages: 0, trusted: false, toolsStale: false, ...over});
const text = (v: ServerView, width = 100) => serverLines(v, width, 8).map(lineText).join('\n');

describe('server rows with a cached list', () => {
  it('a lazy server not started says so, with its cached tool count, in two rows and in three', () => {
    const idle = view({state: 'idle', cached: {toolCount: 4, listedAt: '2026-12-01T00:00:00.000Z'}});
    expect(text(idle)).toMatch(/not started +\(cached, 4 tools\) · starts on first use/);
    expect(text(idle, 50)).toMatch(/not started[\s\S]*\(cached, 4 tools\)/);
  });

  it('a starting server whose cached tools are offered meanwhile says cached', () => {
    expect(text(view({cached: {toolCount: 1, listedAt: 'x'}}))).toMatch(/connecting… · cached, 1 tool/);
    expect(text(view({}))).not.toMatch(/cached/);
  });
});
