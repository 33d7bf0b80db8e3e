import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {ALIAS_RE, MAX_ALIAS_LENGTH} from '../../src/config/aliases.js';
import {assignNames, MODEL_NAME_RE, type NamingInput} from '../../src/hub/names.js';

const anyText = fc.oneof(
  fc.string({maxLength: 12}),
  fc.string({unit: 'grapheme', maxLength: 12}),
  fc.string({unit: 'binary', maxLength: 8}),
  fc.stringMatching(/^[a-z._-]{0,10}$/),
  fc.constantFrom('', 'search', 'a.b', 'a_b', 'a-b', 'x'.repeat(200), '..', '__', 'mcp__x__y', 'ü'.repeat(70)),
);
const validAlias = fc.stringMatching(ALIAS_RE).filter((a) => a.length <= MAX_ALIAS_LENGTH);
const server = (alias: fc.Arbitrary<string>) => fc.record({alias, tools: fc.array(anyText, {maxLength: 15})});
const flat = (names: ReturnType<typeof assignNames>) => names.flat().map((n) => n.name);

describe('assignNames properties', () => {
  it('every name is valid and unique, whatever the input', () => {
    fc.assert(
      fc.property(fc.array(server(fc.oneof(anyText, validAlias)), {maxLength: 6}), (servers) => {
        const names = flat(assignNames(servers));
        for (const n of names) expect(n).toMatch(MODEL_NAME_RE);
        expect(new Set(names).size).toBe(names.length);
      }),
      {numRuns: 500},
    );
  });

  it('is stable across runs and across the order servers finish in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(server(validAlias), {selector: (s) => s.alias, maxLength: 6}).chain((servers) =>
          fc.tuple(fc.constant(servers), fc.shuffledSubarray(servers.map((_, i) => i), {minLength: servers.length})),
        ),
        ([servers, finishOrder]) => {
          // What a hub does: collect results as servers finish, then name them in config order.
          const done = new Map<string, NamingInput>();
          for (const i of finishOrder) done.set(servers[i].alias, {alias: servers[i].alias, tools: [...servers[i].tools]});
          const inConfigOrder = servers.map((s) => done.get(s.alias)!);
          expect(assignNames(inConfigOrder)).toEqual(assignNames(servers));
          expect(assignNames(servers)).toEqual(assignNames(structuredClone(servers)));
        },
      ),
      {numRuns: 300},
    );
  });

  it('with valid aliases, each server is named as if it were alone (late or offline servers shift nobody)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(server(validAlias), {selector: (s) => s.alias, maxLength: 6}), (servers) => {
        const together = assignNames(servers);
        servers.forEach((s, i) => expect(assignNames([s])[0]).toEqual(together[i]));
      }),
      {numRuns: 300},
    );
  });

  it('a tool with a clean name always keeps it exactly', () => {
    fc.assert(
      fc.property(fc.uniqueArray(server(validAlias), {selector: (s) => s.alias, maxLength: 4}), (servers) => {
        const names = assignNames(servers);
        servers.forEach((s, i) =>
          s.tools.forEach((t, j) => {
            const plain = `mcp__${s.alias}__${t}`;
            if (MODEL_NAME_RE.test(plain) && s.tools.indexOf(t) === j) expect(names[i][j]).toEqual({name: plain, mangling: 'none'});
          }),
        );
      }),
      {numRuns: 300},
    );
  });
});
