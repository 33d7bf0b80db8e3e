// `--list-tools` text (issue #14): counts in words, a column that fits long aliases, shared names marked.
import {describe, expect, it} from 'vitest';
import {listToolsJson} from '../../src/cli/list-tools-json.js';
import {listToolsText} from '../../src/cli/list-tools.js';
import {grouped} from '../../src/util/grouped.js';
import {listAllTools} from '../../src/session/list-tools.js';
import {droppedText} from '../../src/state/reduce-servers.js';
import {latestNotice} from '../../src/state/selectors.js';
import {buildCatalog} from '../../src/hub/catalog.js';
import {initialState} from '../../src/state/app-state.js';
import {reduce} from '../../src/state/reduce.js';

const tool = (name: string) => ({name, inputSchema: {type: 'object' as const}});

describe('listToolsText', () => {
  it('says 1 tool / 1 page, keeps its columns for long aliases and marks shared names', () => {
    const long = 'a-rather-long-alias-name-here';
    let state = initialState({servers: [{alias: long, trusted: false}, {alias: 'b', trusted: false}]});
    for (const alias of [long, 'b']) {
      state = reduce(state, {type: 'server/online', alias, era: 'legacy', protocolVersion: '2025-11-25', serverName: 's', toolCount: 1, pages: 1, discoveryMs: 5});
    }
    const {catalog} = buildCatalog([{alias: long, trusted: false, tools: [tool('search')]}, {alias: 'b', trusted: false, tools: [tool('search')]}]);
    state = reduce(state, {type: 'catalog/rebuilt', catalog});
    const text = listToolsText(state);
    expect(text).toContain('1 tool over 1 page in 5 ms');
    expect(text).not.toMatch(/page\(s\)|1 tools/);
    const [first, second] = text.split('\n').filter((l) => l.includes('online'));
    expect(first!.indexOf('online')).toBe(second!.indexOf('online'));
    expect(text).toMatch(/mcp__b__search +→ b \/ search {2}⇄ shared/);
  });

  it('lists a task-only tool as valid but not callable, with the reason, in text and JSON; never in the tool table', async () => {
    const research = {
      name: 'simulate-research-query',
      title: 'Research',
      description: 'Runs a long research task.',
      inputSchema: {type: 'object' as const},
      execution: {taskSupport: 'required'},
    };
    const broken = {name: 'broken', inputSchema: 'nope'};
    const listing = await listAllTools(async () => ({tools: [tool('echo'), research, broken]}), 'everything');
    expect(listing.tools.map((t) => t.name)).toEqual(['echo']);
    let state = initialState({servers: [{alias: 'everything', trusted: false}]});
    state = reduce(state, {type: 'server/online', alias: 'everything', era: 'legacy', protocolVersion: '2025-11-25', serverName: 's', toolCount: 1, pages: 1, discoveryMs: 5});
    state = reduce(state, {type: 'server/tools-dropped', alias: 'everything', dropped: listing.dropped});
    state = reduce(state, {type: 'catalog/rebuilt', catalog: buildCatalog([{alias: 'everything', trusted: false, tools: listing.tools}]).catalog});

    const notice = droppedText({type: 'server/tools-dropped', alias: 'everything', dropped: listing.dropped});
    expect(notice).toBe(
      'everything: 1 malformed tool dropped (broken: inputSchema is not an object); 1 task-only tool not callable here (simulate-research-query): valid, but breakerbox does not run tasks',
    );
    expect(notice).not.toMatch(/simulate-research-query: .*malformed|2 malformed/);
    expect(latestNotice(state)?.text).toBe(notice);

    const text = listToolsText(state);
    expect(text).toContain('Not callable (valid tools breakerbox lists but does not run or offer to the model)');
    expect(text).toContain('  everything / simulate-research-query: not callable here: it runs only as a task (execution.taskSupport "required"), which breakerbox does not support');
    expect(text).not.toMatch(/broken/);
    const json = JSON.parse(listToolsJson(state));
    expect(json.tools.map((t: {name: string}) => t.name)).toEqual(['mcp__everything__echo']);
    expect(json.notCallable).toEqual([
      {
        server: 'everything',
        tool: 'simulate-research-query',
        title: 'Research',
        description: 'Runs a long research task.',
        callable: false,
        reason: 'not callable here: it runs only as a task (execution.taskSupport "required"), which breakerbox does not support',
      },
    ]);
  });
});

describe('grouped', () => {
  it('writes integers as toLocaleString(\'en-US\') does', () => {
    for (const n of [0, 7, 999, 1_000, -1_000, 12_345, 999_999, 1_000_000, -1_234_567, 2 ** 40, Number.MAX_SAFE_INTEGER, 0.5, 1_234.5]) {
      expect(grouped(n), String(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});

describe('listToolsText, an entry the config refused', () => {
  it('does not widen the alias column past the longest valid alias, nor say it was spoken to over HTTP', () => {
    const long = 'x'.repeat(59);
    let state = initialState({servers: [{alias: long, trusted: false, url: 'ftp://example.com/mcp'}, {alias: 'notes', trusted: false}]});
    state = reduce(state, {type: 'server/offline', alias: long, phase: 'config', reason: 'the alias is longer than 32 characters', at: 1});
    state = reduce(state, {type: 'server/online', alias: 'notes', era: 'legacy', protocolVersion: '2025-11-25', serverName: 's', toolCount: 1, pages: 1, discoveryMs: 5});
    const lines = listToolsText(state).split('\n');
    const notes = lines.find((l) => l.includes('online'))!;
    expect(notes.indexOf('online')).toBe(2 + 32 + 1);
    expect(lines.join('\n')).toContain(' at ftp://example.com/mcp');
    expect(lines.join('\n')).not.toContain('via Streamable HTTP');
  });
});

describe('listToolsText, a remote server that needs a login', () => {
  it('says it needs one, not that a login failed', () => {
    let state = initialState({servers: [{alias: 'tracker', trusted: false, url: 'https://mcp.tracker.example.com/mcp'}]});
    state = reduce(state, {type: 'server/offline', alias: 'tracker', phase: 'login', reason: 'log in with /login tracker or `breakerbox login tracker`', at: 1});
    const text = listToolsText(state);
    expect(text).toContain('tracker          offline  needs login: log in with /login tracker or `breakerbox login tracker`');
    expect(text).not.toContain('login failed');
  });
});
