import {describe, expect, it} from 'vitest';
import {buildCatalog} from '../../src/hub/catalog.js';
import {deriveName, describeDerivation, type NamedEntry} from '../../src/hub/name-derivation.js';
import {buildPromptTable} from '../../src/hub/prompt-table.js';

const tool = (name: string) => ({name, inputSchema: {type: 'object'}});
const LONG = 'summarise_every_open_ticket_in_the_backlog_and_group_them_by_component_and_owner_v2';

function table(): NamedEntry[] {
  const {catalog} = buildCatalog([
    {alias: 'odd', trusted: false, tools: ['run sql!', 'lookup.v2', 'lookup_v2', LONG, 'search'].map(tool)},
    {alias: 'notes', trusted: false, tools: [tool('search')]},
  ]);
  return catalog.entries.map((e) => ({name: e.name, alias: e.alias, original: e.tool, mangling: e.mangling}));
}
const find = (t: NamedEntry[], original: string, alias = 'odd') => t.find((e) => e.original === original && e.alias === alias)!;

describe('how a model name was derived', () => {
  it('a plain name, shared with another server', () => {
    const t = table();
    const d = deriveName(find(t, 'search'), t);
    expect(d).toMatchObject({mangling: 'none', replaced: [], sharedWith: [{alias: 'notes', name: 'mcp__notes__search'}]});
    expect(describeDerivation(d)).toEqual(['plain: mcp__odd__search is a valid model name']);
  });

  it('a sanitised name names the characters replaced', () => {
    const t = table();
    const d = deriveName(find(t, 'run sql!'), t);
    expect(d).toMatchObject({plain: 'mcp__odd__run sql!', mangling: 'sanitised', replaced: [' ', '!']});
    expect(d.hash).toBeUndefined();
    expect(describeDerivation(d)).toEqual(['sanitised: " " "!" became "_" (the model API allows only letters, digits, "_" and "-")']);
  });

  it('a colliding name names the tool that holds the name it would have had, and its hash', () => {
    const t = table();
    const e = find(t, 'lookup.v2');
    const d = deriveName(e, t);
    expect(d).toMatchObject({mangling: 'hashed', replaced: ['.'], collidedWith: {name: 'mcp__odd__lookup_v2', alias: 'odd', original: 'lookup_v2'}, hash: e.name.slice(-8)});
    expect(d.cut).toBeUndefined();
    expect(describeDerivation(d)).toEqual([
      'sanitised: "." became "_" (the model API allows only letters, digits, "_" and "-")',
      'collided: mcp__odd__lookup_v2 is already odd / lookup_v2',
      `hash: _${e.name.slice(-8)} (SHA-256 of the alias and the original name) keeps it unique and stable`,
    ]);
  });

  it('a hashed long name says it was cut', () => {
    const t = table();
    const e = find(t, LONG);
    const d = deriveName(e, t);
    expect(e.name).toHaveLength(64);
    expect(d).toMatchObject({mangling: 'hashed', cut: {length: 10 + LONG.length, kept: 55}});
    expect(d.collidedWith).toBeUndefined();
  });
});

describe('the prompt table', () => {
  it('names prompts by the tool rules, apart from tools, with its own reverse table', () => {
    const t = buildPromptTable([
      {alias: 'a', prompts: [{name: 'review code'}, {name: 'review_code'}, {name: 'x'.repeat(80), arguments: [{name: 'q', description: 'the \u001b[31mquestion'}]}]},
      {alias: 'b', prompts: [{name: 'review_code', title: 'Review'}]},
    ]);
    expect(t.entries.map((e) => [e.name.length <= 64, e.alias, e.prompt, e.mangling])).toEqual([
      [true, 'a', 'review code', 'hashed'],
      [true, 'a', 'review_code', 'none'],
      [true, 'a', 'x'.repeat(80), 'hashed'],
      [true, 'b', 'review_code', 'none'],
    ]);
    expect(t.byName.get('mcp__b__review_code')).toMatchObject({alias: 'b', prompt: 'review_code', title: 'Review'});
    expect(t.entries[2]!.arguments[0]).toEqual({name: 'q', description: 'the question', required: false});
    expect(buildPromptTable([], t).version).toBe(t.version + 1);
  });
});
