// Issue #12, round two: one server listing a 40 MB description must not make
// every model request 40 MB (which the API refuses, so every server's tools
// would stop working). Oversized tools are cut or dropped with a reason.
import {describe, expect, it, vi} from 'vitest';
import {modelTools} from '../../src/hub/translate.js';
import {DEFAULT_TOOL_LIMITS, limitTools} from '../../src/hub/tool-limits.js';
import type {Tool} from '../../src/session/mcp-types.js';
import {BASE_TOOLS, expectNeighbourServes, startFault, toolsOf, useFaultKit} from './fault-kit.js';
import {textOf} from '../helpers/hub.js';

describe('a server listing a 40 MB description and a 1 MB input schema', () => {
  useFaultKit();
  it('the description is cut, the schema tool dropped with its reason, and the model request stays small', async () => {
    const {hub, events} = await startFault('huge_tool', {}, {startupTimeoutMs: 30_000}, {trace: true});
    expect(hub.statuses()[0]!.state).toBe('online');
    expect(toolsOf(hub)).toEqual([...BASE_TOOLS, 'huge']);
    const huge = hub.catalog.byName.get('mcp__x__huge')!;
    expect(huge.description.length).toBeLessThanOrEqual(DEFAULT_TOOL_LIMITS.perTool);
    expect(huge.description).toMatch(/ \[breakerbox: description cut from 41,943,058 characters\]$/);
    expect(hub.droppedTools).toEqual([{alias: 'x', tool: 'huge_schema', reason: 'its schemas are over 65,536 characters, the most one tool definition may have'}]);
    // What every model request carries: every server's tools, well under a megabyte.
    expect(JSON.stringify(modelTools(hub.catalog.entries)).length).toBeLessThan(200_000);
    const traced = events.flatMap((e) => (e.type === 'trace/recorded' && e.alias === 'x' ? [e.entry.summary] : []));
    expect(traced).toContainEqual(expect.stringMatching(/^tool definition cut: "huge": description cut from 41,943,058 to/));
    expect(traced).toContainEqual(expect.stringMatching(/^dropped tool "huge_schema" .*its schemas are over 65,536 characters/));
    expect(textOf(await hub.call('mcp__x__huge', {}))).toBe('huge ran');
    await expectNeighbourServes(hub);
    expect(toolsOf(hub, 'ok')).toEqual(BASE_TOOLS);
  }, 60_000);
});

describe('limitTools', () => {
  const tool = (name: string, description = '', inputSchema: Record<string, unknown> = {type: 'object'}): Tool => ({name, description, inputSchema});

  it('words its cuts and drops without toLocaleString (its first call in a process loads ICU number formatting, tens of ms)', () => {
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      const r = limitTools([tool('long', 'd'.repeat(70_000)), tool('wide', '', {type: 'object', description: 's'.repeat(70_000)})]);
      expect(r.cut).toEqual([expect.stringMatching(/^"long": description cut from 70,000 to [\d,]+ characters \(at most 65,536 per tool definition\)$/)]);
      expect(r.dropped.map((d) => d.reason)).toEqual(['its schemas are over 65,536 characters, the most one tool definition may have']);
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      toLocale.mockRestore();
    }
  });

  it('a legitimate 300-tool server (about 300 KB) passes untouched', () => {
    const tools = Array.from({length: 300}, (_, i) => tool(`t${i}`, 'd'.repeat(600), {type: 'object', properties: {q: {type: 'string', description: 'x'.repeat(300)}}}));
    const r = limitTools(tools);
    expect(r.tools).toHaveLength(300);
    expect(r.tools[0]).toBe(tools[0]);
    expect(r.dropped).toEqual([]);
  });

  it('past the per-server budget, tools that do not fit are left out with a reason; the order is kept', () => {
    const r = limitTools([tool('a', 'x'.repeat(600)), tool('b', 'x'.repeat(600)), tool('c', 'x')], {perTool: 1000, perServer: 1000});
    expect(r.tools.map((t) => t.name)).toEqual(['a', 'c']);
    expect(r.dropped).toEqual([{page: 0, position: 1, name: 'b', reason: "the server's tool definitions would pass 1,000 characters in all; this one is left out"}]);
  });

  it('schemas nested deeper than 64 levels drop the tool', () => {
    let deep: Record<string, unknown> = {type: 'string'};
    for (let i = 0; i < 10_000; i++) deep = {type: 'object', properties: {a: deep}};
    expect(limitTools([tool('deep', '', deep)]).dropped[0]!.reason).toBe('its inputSchema is nested more than 64 levels deep');
  });
});
