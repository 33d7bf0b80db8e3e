import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import {assignNames, MODEL_NAME_RE} from '../../src/hub/names.js';

const h8 = (alias: string, tool: string, attempt = 0): string =>
  createHash('sha256').update(`${alias}\0${tool}${attempt ? `\0${attempt}` : ''}`).digest('hex').slice(0, 8);
const one = (alias: string, tools: string[]) => assignNames([{alias, tools}])[0];

describe('assignNames', () => {
  it('prefixes clean names with the alias', () => {
    expect(assignNames([{alias: 'notes', tools: ['search', 'get-note']}, {alias: 'tickets', tools: ['search']}])).toEqual([
      [{name: 'mcp__notes__search', mangling: 'none'}, {name: 'mcp__notes__get-note', mangling: 'none'}],
      [{name: 'mcp__tickets__search', mangling: 'none'}],
    ]);
  });

  it('sanitises characters the model API refuses, one _ per code point', () => {
    expect(one('fs', ['read.file', 'ünï', '👋 hi'])).toEqual([
      {name: 'mcp__fs__read_file', mangling: 'sanitised'},
      {name: 'mcp__fs___n_', mangling: 'sanitised'},
      {name: 'mcp__fs____hi', mangling: 'sanitised'},
    ]);
  });

  it('lets an exact name win over a mangled one, whichever is listed first', () => {
    for (const tools of [['a.b', 'a_b'], ['a_b', 'a.b']]) {
      const names = one('s', tools);
      const byTool = Object.fromEntries(tools.map((t, i) => [t, names[i]]));
      expect(byTool['a_b']).toEqual({name: 'mcp__s__a_b', mangling: 'none'});
      expect(byTool['a.b']).toEqual({name: `mcp__s__a_b_${h8('s', 'a.b')}`, mangling: 'hashed'});
    }
  });

  it('hashes names that are too long, keeping a readable prefix', () => {
    const tool = 'x'.repeat(100);
    const [n] = one('github', [tool]);
    expect(n.mangling).toBe('hashed');
    expect(n.name).toHaveLength(64);
    expect(n.name).toBe(`mcp__github__${'x'.repeat(42)}_${h8('github', tool)}`);
  });

  it('keeps a name of exactly 64 characters', () => {
    const tool = 'y'.repeat(64 - 'mcp__a__'.length);
    expect(one('a', [tool])).toEqual([{name: `mcp__a__${tool}`, mangling: 'none'}]);
  });

  it('extends deterministically when a hostile server lists the hashed name itself', () => {
    const trap = `a_b_${h8('s', 'a.b')}`;
    const names = one('s', ['a.b', 'a_b', trap]);
    expect(names[2]).toEqual({name: `mcp__s__${trap}`, mangling: 'none'});
    expect(names[0]).toEqual({name: `mcp__s__a_b_${h8('s', 'a.b', 1)}`, mangling: 'hashed'});
  });

  it('keeps duplicate tool names of one server apart', () => {
    const names = one('s', ['search', 'search', 'search']).map((n) => n.name);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toBe('mcp__s__search');
    for (const n of names) expect(n).toMatch(MODEL_NAME_RE);
  });

  it('handles empty input and empty servers', () => {
    expect(assignNames([])).toEqual([]);
    expect(assignNames([{alias: 'a', tools: []}])).toEqual([[]]);
  });
});
