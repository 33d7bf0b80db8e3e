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
