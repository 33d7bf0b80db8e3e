// scripts/importers-first.mjs: which imports a lazy module is given, so that
// esbuild stops cutting its importers' graph into chunks of their own.
import {resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain script without types
import {importsToAdd} from '../../scripts/importers-first.mjs';

type Kind = 'import-statement' | 'dynamic-import';
const input = (...imports: Array<[string, Kind]>) => ({imports: imports.map(([path, kind]) => ({path, kind}))});
const added = (metafile: unknown, entries: string[]) =>
  Object.fromEntries([...(importsToAdd(metafile, new Set(entries)) as Map<string, string[]>)].map(([k, v]) => [k, [...v].sort()]));
const abs = (...paths: string[]) => paths.map((p) => resolve(p)).sort();

describe('importsToAdd', () => {
  // main.js (an entry with a file of its own) → a.js; main.js ⇢ lazy.js → a.js, own.js; lazy.js ⇢ deeper.js → own.js.
  const inputs = {
    'main.js': input(['a.js', 'import-statement'], ['lazy.js', 'dynamic-import'], ['both.js', 'dynamic-import']),
    'a.js': input(['both.js', 'import-statement']),
    'both.js': input(),
    'lazy.js': input(['a.js', 'import-statement'], ['own.js', 'import-statement'], ['deeper.js', 'dynamic-import']),
    'own.js': input(),
    'deeper.js': input(['own.js', 'import-statement']),
  };
  const outputs = {'out/main.js': {entryPoint: 'main.js', inputs: {'main.js': {}}}};

  it('gives a lazy module what its importer loaded with it, and a nested one what was loaded before that too; never an entry with a file of its own', () => {
    expect(added({inputs, outputs}, ['main.js'])).toEqual({
      [resolve('lazy.js')]: abs('a.js', 'both.js'),
      [resolve('deeper.js')]: abs('a.js', 'both.js', 'lazy.js', 'own.js'),
    });
  });

  it('leaves alone a module that is also imported statically, and one that is an entry itself', () => {
    const result = added({inputs, outputs}, ['main.js', 'deeper.js']);
    expect(Object.keys(result)).toEqual([resolve('lazy.js')]);
  });

  it('an entry already shared with others (its code in a chunk) is given like any module', () => {
    const shared = {'out/main.js': {entryPoint: 'main.js', inputs: {}}};
    expect(added({inputs, outputs: shared}, ['main.js'])[resolve('lazy.js')]).toEqual(abs('a.js', 'both.js', 'main.js'));
  });
});
