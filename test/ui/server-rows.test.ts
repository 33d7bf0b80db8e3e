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

describe('server rows while offline', () => {
  const reason = 'Error: No access token was provided. Set NOTION_TOKEN in its env (the whole log: ~/.local/state/breakerbox/logs/notion.log)';

  it('a reason longer than the row says where all of it is; a short one is shown whole', () => {
    for (const width of [60, 100]) {
      const rows = serverLines(view({alias: 'notion', state: 'offline', phase: 'handshake', reason}), width, 8).map(lineText);
      const last = rows.at(-1)!;
      expect(last).toMatch(/reason: Error: No access token/);
      expect(last.endsWith(' · all: /server notion')).toBe(true);
      expect(last.length).toBeLessThanOrEqual(width);
    }
    const short = serverLines(view({alias: 'notion', state: 'offline', phase: 'handshake', reason: 'exited with code 1'}), 100, 8).map(lineText);
    expect(short.join('\n')).toContain('reason: exited with code 1');
    expect(short.join('\n')).not.toContain('/server');
  });
});

describe('a remote server that went away', () => {
  const gone = view({alias: 'everything', state: 'restarting', attempt: 12, era: 'legacy', protocolVersion: '2025-11-25', phase: 'exit', reason: 'server connection was lost: connection refused', url: 'http://localhost:3901/mcp'});

  it('keeps words apart: the state from the era, the era from what failed (two rows at 80 columns)', () => {
    const [first] = serverLines(gone, 80, 10).map(lineText);
    expect(first).toMatch(/restarting 12 legacy era · 2025-11-25 · the connection ended/);
  });

  it('says its connection ended, not a process (breakerbox started none)', () => {
    const rows = serverLines(gone, 160, 10).map(lineText).join('\n');
    expect(rows).toContain('the connection ended (phase: exit)');
    expect(rows).not.toContain('process');
    const local = serverLines({...gone, url: undefined}, 160, 10).map(lineText).join('\n');
    expect(local).toContain('the process ended (phase: exit)');
  });
});

describe('an online server whose calls are paused', () => {
  const now = 1_000_000;
  const paused = view({alias: 'c1', state: 'online', era: 'legacy', protocolVersion: '2025-11-25', toolCount: 14, pages: 1, serverName: 'chaos', discoveryMs: 62, lastCallMs: 4_012, circuitOpenUntil: now + 25_000});

  it('says so before its timings, which a narrow row cuts first', () => {
    for (const width of [60, 80, 160]) {
      const rows = serverLines(paused, width, 8, now, '~1,827 tokens').map(lineText).join('\n');
      expect(rows, `${width} columns`).toMatch(/calls paused 25 s/);
    }
  });
});

// At 80 columns server-everything's rows ended "~1.…" and "last call …": cut mid-word.
describe('an online server at 80 columns', () => {
  const everything = view({alias: 'everything', state: 'online', era: 'legacy', protocolVersion: '2025-11-25', toolCount: 14, pages: 1, serverName: 'mcp-servers/everything', discoveryMs: 264, lastCallMs: 3});

  it('leaves out whole parts, least needed first, and cuts nothing mid-word', () => {
    const [first, second] = serverLines(everything, 78, 10, 0, '~1.2k tokens').map(lineText);
    expect(first).toBe('● everything online      legacy era · 14 tools in 1 page · ~1.2k tokens');
    expect(second).toBe('  reports itself as “mcp-servers/everything” · last call 3 ms');
    // A longer alias beside it takes six more cells.
    const narrower = serverLines(everything, 72, 16, 0, '~1.2k tokens').map(lineText);
    expect(narrower[0]).toBe('● everything       online      legacy era · 14 tools · ~1.2k tokens');
    for (const row of narrower) expect(row).not.toContain('…');
    // With room, everything is there.
    expect(serverLines(everything, 120, 10, 0, '~1.2k tokens').map(lineText)).toEqual([
      '● everything online      legacy era · 2025-11-25 · 14 tools in 1 page · ~1.2k tokens',
      '  reports itself as “mcp-servers/everything” · found in 264 ms · last call 3 ms',
    ]);
  });
});
