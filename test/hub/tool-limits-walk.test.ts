// The size limits read a listed schema's size from its JSON text, in native
// code; the walk in JS (measureJson) is for what may be over a limit, where it
// says which. A walk per listed schema was the last function of the hub that
// six 50-tool starts made hot enough for V8's optimizing compiler
// (BENCHMARKS.md §11, h25b).
import {describe, expect, it, vi} from 'vitest';
import type {Tool} from '../../src/session/mcp-types.js';

const walks = vi.hoisted(() => ({count: 0}));
vi.mock('../../src/util/safe-json.js', async (importActual) => {
  const actual = await importActual<typeof import('../../src/util/safe-json.js')>();
  return {...actual, measureJson: (...args: Parameters<typeof actual.measureJson>) => (walks.count++, actual.measureJson(...args))};
});

const {limitTools} = await import('../../src/hub/tool-limits.js');

const listed = (i: number): Tool => ({
  name: `tool_${i}`,
  description: `Tool ${i}.`,
  inputSchema: {type: 'object', properties: {query: {type: 'string', description: 'Free-text filter'}, limit: {type: 'integer', maximum: 100}}, required: ['query']},
  ...(i % 4 === 0 ? {annotations: {readOnlyHint: true}} : {}),
});

describe('tool limits on a plain listing', () => {
  it('measure 300 schemas without the walk, and count their JSON length', () => {
    walks.count = 0;
    const tools = Array.from({length: 300}, (_, i) => listed(i));
    const r = limitTools(tools, {perTool: 64 * 1024, perServer: 2 * 1024 * 1024});
    expect(r.tools).toHaveLength(300);
    expect(walks.count).toBe(0);
    // The exact length: the walk counted `100` as one character.
    const schema = JSON.stringify(tools[1]!.inputSchema);
    const fixed = schema.length + 'tool_1'.length;
    expect(limitTools([tools[1]!], {perTool: fixed + 'Tool 1.'.length, perServer: 1e6}).tools).toHaveLength(1);
    expect(limitTools([tools[1]!], {perTool: fixed - 1, perServer: 1e6}).dropped).toHaveLength(1);
  });

  it('still walk what is nested deeper than allowed, and say so', () => {
    walks.count = 0;
    let deep: Record<string, unknown> = {type: 'string'};
    for (let i = 0; i < 70; i++) deep = {type: 'object', properties: {x: deep}};
    const r = limitTools([{name: 'deep', inputSchema: deep} as Tool]);
    expect(r.dropped[0]?.reason).toMatch(/nested more than 64 levels deep/);
    expect(walks.count).toBe(1);
  });
});

describe("tool limits on a listing's input schemas, read in pieces", () => {
  const BOUNDARY_TEXT = '},-7.2973525643e-303,{';
  const mixed = (i: number): Tool => {
    if (i === 7) return {name: 'no_schema'} as Tool;
    if (i === 8) return {name: 'array_schema', inputSchema: [] as unknown} as Tool;
    if (i === 300) return {name: 'marker', inputSchema: {type: 'object', properties: {[`k${BOUNDARY_TEXT}`]: {type: 'string', description: BOUNDARY_TEXT}}}} as Tool;
    if (i === 550) {
      let deep: Record<string, unknown> = {type: 'string'};
      for (let d = 0; d < 70; d++) deep = {type: 'object', properties: {x: deep}};
      return {name: 'deep', inputSchema: deep} as Tool;
    }
    if (i === 560) return {name: 'wide', inputSchema: {type: 'object', description: 'x'.repeat(70_000)}} as Tool;
    // (The marker's piece is measured tool by tool, the others in one write each.)
    // 65 brackets, none nested: over the bracket count, not the depth; the walk says it is fine.
    if (i === 600) return {name: 'flat', inputSchema: {type: 'object', properties: Object.fromEntries(Array.from({length: 64}, (_, k) => [`p${k}`, {}]))}} as Tool;
    return listed(i);
  };

  it('keep and drop what each tool measured alone would, with the same reasons', () => {
    const tools = Array.from({length: 700}, (_, i) => mixed(i));
    const limits = {perTool: 64 * 1024, perServer: 1e9};
    const together = limitTools(tools, limits);
    const alone = tools.map((t) => limitTools([t], limits));
    expect(together.tools).toEqual(alone.flatMap((r) => r.tools));
    expect(together.dropped.map((d) => [d.name, d.reason])).toEqual(alone.flatMap((r) => r.dropped.map((d) => [d.name, d.reason])));
    expect(together.dropped.map((d) => d.name)).toEqual(['deep', 'wide']);
  });

  it("count each schema's exact JSON length against the server's budget", () => {
    const tools = Array.from({length: 700}, (_, i) => listed(i));
    const size = (t: Tool) => JSON.stringify(t.inputSchema).length + t.name.length + (t.description?.length ?? 0) + (t.annotations ? JSON.stringify(t.annotations).length : 0);
    const first500 = tools.slice(0, 500).reduce((sum, t) => sum + size(t), 0);
    const r = limitTools(tools, {perTool: 64 * 1024, perServer: first500});
    expect(r.tools).toHaveLength(500);
    expect(r.dropped[0]?.name).toBe('tool_500');
  });

  it('write a 1,000-tool listing with a few JSON.stringify calls, not one per tool', () => {
    const tools = Array.from({length: 1000}, (_, i) => ({...listed(i), annotations: undefined}));
    const spy = vi.spyOn(JSON, 'stringify');
    const r = limitTools(tools);
    const writes = spy.mock.calls.length;
    spy.mockRestore();
    expect(r.tools).toHaveLength(1000);
    // 4 now (one a piece of 256 tools); 1,000 when each schema was written alone.
    expect(writes).toBeLessThan(20);
  });
});
