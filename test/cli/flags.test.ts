// The command line's own flag parser (src/cli/flags.ts): the same reading as
// node:util's parseArgs in strict mode, which it replaced, on every command
// line either accepts; refused where parseArgs refuses, with the flag named.
import {parseArgs} from 'node:util';
import {describe, expect, it} from 'vitest';
import {FlagError, parseFlags, type FlagSpec} from '../../src/cli/flags.js';

const TABLE: Record<string, FlagSpec> = {
  print: {type: 'string', short: 'p'},
  json: {type: 'boolean'},
  yes: {type: 'boolean', short: 'y'},
  help: {type: 'boolean', short: 'h'},
  config: {type: 'string', short: 'c'},
  allow: {type: 'string', multiple: true},
  resume: {type: 'boolean'},
};

function nodeReading(args: string[]) {
  const r = parseArgs({args, options: TABLE, strict: true, allowPositionals: true, tokens: true});
  const given = r.tokens.flatMap((t) => (t.kind === 'option' ? [t.value === undefined ? {name: t.name} : {name: t.name, value: t.value}] : []));
  return {values: {...r.values}, positionals: r.positionals, given};
}

describe('parseFlags', () => {
  it.each([
    [[]],
    [['--json']],
    [['--print', 'a question', '--json']],
    [['--print=a=b']],
    [['--config=']],
    [['-p', 'q', '-y']],
    [['-pq']],
    [['-yh']],
    [['-yp', 'q']],
    [['-ypq']],
    [['-c', '-']],
    [['--allow', 'a', '--allow=b', '--allow', 'c']],
    [['--config', 'a.json', '-c', 'b.json']],
    [['--resume', 'abc', 'more']],
    [['-', 'x']],
    [['--', '--json', '-y']],
    [['--json', '--', '--']],
    [['--print', 'q', '--print=r']],
    [['-p=x']],
  ])('reads %j as parseArgs does', (args) => {
    expect(parseFlags(args, TABLE)).toEqual(nodeReading(args));
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--bogus=1'], "Unknown option '--bogus'"],
    [['-x'], "Unknown option '-x'"],
    [['-yx'], "Unknown option '-x'"],
    [['--toString'], "Unknown option '--toString'"],
    [['--__proto__'], "Unknown option '--__proto__'"],
    [['--print'], "Option '--print <value>' needs a value"],
    [['-p'], "Option '-p <value>' needs a value"],
    [['--json=false'], "Option '--json' takes no value"],
    [['--config', '--json'], "write --config=--json"],
    [['-c', '-y'], 'write -c-y'],
  ])('refuses %j, naming the flag', (args, message) => {
    expect(() => parseArgs({args, options: TABLE, strict: true, allowPositionals: true})).toThrow();
    expect(() => parseFlags(args, TABLE)).toThrow(FlagError);
    expect(() => parseFlags(args, TABLE)).toThrow(message);
  });
});
