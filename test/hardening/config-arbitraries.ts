// Config inputs for fuzzing, shared by the vitest suite and the soak: random
// text, truncations and mutations of a real config, and structurally plausible
// configs with wrong types, hostile keys and `${VAR}` references.
import fc from 'fast-check';
import {ConfigError, parseConfig} from '../../src/config/index.js';
import {SERVER_KEYS} from '../../src/config/schema.js';

/** A realistic config: every key used, variables, odd but valid aliases. */
export const SEED = JSON.stringify(
  {
    $schema: 'https://example.invalid/breakerbox.schema.json',
    mcpServers: {
      notes: {command: 'node', args: ['servers/notes.mjs', '${HOME:-/h}'], cwd: '.', env: {TOKEN: '${TOKEN:-none}', Q: 'a"b\u00e9'}, autoApprove: ['search']},
      tickets: {type: 'stdio', command: 'npx', args: ['-y', '@x/tickets'], trusted: true, startupTimeoutMs: 5000, callTimeoutMs: 60000, toolTimeouts: {'a.b': 5}},
      'gh-2': {command: '/usr/bin/env', includeTools: ['x'], excludeTools: ['y'], roots: ['/r', 'rel'], sampling: false, disabled: true, future: {nested: [1, null]}},
    },
  },
  null,
  2,
);

const WEIRD_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '', ' ', 'a__b', '-x', 'x_', 'é', '\u0000', 'k'.repeat(300), 'enabled', 'comand', 'environment', 'url', 'servers'];

/** Any JSON-ish value, biased to the types config keys expect and to their neighbours. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({maxLength: 20}),
  fc.constantFrom('${HOME}', '${UNSET_BB_VAR}', '${UNSET_BB_VAR:-d}', '$${x}', '${', '${a b}', '${A:-${B}}', '\u0000', 'stdio', 'http', ''),
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, 1e308, 0.5, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({maxLength: 8}), fc.integer(), fc.constant(null)), {maxLength: 4}),
  fc.dictionary(fc.oneof(fc.string({maxLength: 6}), fc.constantFrom(...WEIRD_KEYS)), fc.oneof(fc.string({maxLength: 8}), fc.integer()), {maxKeys: 3}),
);

const serverEntry = fc.oneof(
  {weight: 6, arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...SERVER_KEYS), fc.constantFrom(...WEIRD_KEYS), fc.string({maxLength: 10})), value, {maxKeys: 8})},
  {weight: 1, arbitrary: value},
);

/** A config-shaped document, serialised (sometimes with keys written twice). */
export const structuredConfig: fc.Arbitrary<string> = fc
  .tuple(
    fc.dictionary(fc.oneof(fc.string({maxLength: 12}), fc.constantFrom(...WEIRD_KEYS), fc.constantFrom('notes', 'tickets', 'a', 'A', '0')), serverEntry, {maxKeys: 5}),
    fc.oneof(fc.constant(undefined), fc.dictionary(fc.constantFrom('$schema', 'mcpservers', 'servers', 'mcpServer', '__proto__', 'x'), value, {maxKeys: 2})),
    fc.boolean(),
  )
  .map(([servers, top, duplicate]) => {
    let text = JSON.stringify({...(top ?? {}), mcpServers: servers});
    // JSON.stringify cannot write a key twice; splice a duplicate alias in by hand.
    if (duplicate && text.startsWith('{"mcpServers":{"')) text = text.replace('{"mcpServers":{', '{"mcpServers":{"dup":{"command":"x"},"dup":{"command":"y"},');
    return text;
  });

/** A seed config cut, or with a few characters replaced, inserted or deleted. */
export const mutatedSeed: fc.Arbitrary<string> = fc.oneof(
  fc.nat({max: SEED.length}).map((n) => SEED.slice(0, n)),
  fc
    .array(fc.tuple(fc.nat({max: SEED.length}), fc.nat({max: 3}), fc.string({unit: 'binary', maxLength: 3})), {minLength: 1, maxLength: 4})
    .map((edits) => edits.reduce((text, [at, del, ins]) => text.slice(0, at) + ins + text.slice(at + del), SEED)),
);

/** Anything at all as text. */
export const randomText: fc.Arbitrary<string> = fc.oneof(fc.string({unit: 'binary', maxLength: 300}), fc.json(), fc.uint8Array({maxLength: 300}).map((b) => Buffer.from(b).toString('utf8')));

export const anyConfigText = fc.oneof({weight: 3, arbitrary: structuredConfig}, {weight: 2, arbitrary: mutatedSeed}, {weight: 1, arbitrary: randomText});

/** Environment for `${VAR}` expansion. */
export const anyEnv = fc.dictionary(fc.constantFrom('HOME', 'TOKEN', 'A', 'B', 'UNSET_BB_VAR', 'PATH'), fc.string({maxLength: 10}), {maxKeys: 4});

/** What parsing one input did: `ok`, `config-error`, or the unexpected error (a bug). */
export function classifyParse(text: string, env: NodeJS.ProcessEnv = {}): {kind: 'ok' | 'config-error'} | {kind: 'other'; error: unknown} {
  try {
    const config = parseConfig(text, '/tmp/fuzz/mcp.config.json', env);
    if (!Array.isArray(config.servers)) return {kind: 'other', error: new Error('servers is not an array')};
    return {kind: 'ok'};
  } catch (err) {
    if (err instanceof ConfigError && err.message.length > 0 && err.problems.every((p) => p.startsWith('/tmp/fuzz/mcp.config.json'))) return {kind: 'config-error'};
    return {kind: 'other', error: err};
  }
}
