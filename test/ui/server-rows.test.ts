// The Servers pane rows a newcomer reads on a first run (issue #14).
import {describe, expect, it} from 'vitest';
import type {ServerView} from '../../src/state/app-state.js';
import {lineText} from '../../src/ui/line.js';
import {serverLines} from '../../src/ui/panes/server-rows.js';

const view = (over: Partial<ServerView>): ServerView => ({alias: 'memory', state: 'starting', toolCount: 0, pages: 0, trusted: false, toolsStale: false, ...over});

describe('server rows while starting', () => {
  it('a long start with signs of life says what it does, for how long, and its last line', () => {
    const rows = serverLines(view({starting: {activity: 'installing', elapsedMs: 42_400, lastLine: 'npm http fetch GET 200 https://registry.npmjs.org/zod'}}), 100, 8).map(lineText);
    expect(rows.join('\n')).toMatch(/starting… +installing… 42 s · npm http fetch GET 200/);
  });

  it('a fresh start says connecting', () => {
    expect(serverLines(view({}), 100, 8).map(lineText).join('\n')).toMatch(/connecting…/);
  });
});
