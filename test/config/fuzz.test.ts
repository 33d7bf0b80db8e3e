import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {ConfigError, parseConfig} from '../../src/config/index.js';
import {scanJson} from '../../src/config/json-scan.js';

const VALID = JSON.stringify(
  {
    $schema: 'x',
    mcpServers: {
      github: {command: 'npx', args: ['-y', '@x/gh', '${HOME:-/h}'], env: {TOKEN: '${T:-none}', Q: 'a\\"b\u00e9'}},
      notes: {command: 'node', cwd: 'srv', trusted: true, toolTimeouts: {'a.b': 5}, includeTools: ['x'], roots: ['/r']},
      '2': {command: 'x', disabled: true, extra: [1, 2.5e3, null, false, {}]},
    },
  },
  null,
  2,
);

function onlyConfigErrors(text: string): void {
  try {
    const config = parseConfig(text, 'mcp.config.json', {});
    expect(Array.isArray(config.servers)).toBe(true);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    expect(err.message.length).toBeGreaterThan(0);
  }
}

describe('config fuzz: only ConfigError ever escapes', () => {
  it('parses the seed config', () => {
    expect(parseConfig(VALID, 'mcp.config.json', {}).servers.map((s) => s.alias)).toEqual(['2', 'github', 'notes']); // JSON.stringify wrote "2" first
  });

  it('random strings', () => {
    fc.assert(fc.property(fc.string({unit: 'binary', maxLength: 200}), onlyConfigErrors), {numRuns: 500});
  });

  it('random JSON values', () => {
    fc.assert(fc.property(fc.json(), onlyConfigErrors), {numRuns: 500});
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue()).map((servers) => JSON.stringify({mcpServers: servers})), onlyConfigErrors), {numRuns: 500});
  });

  it('every truncation of a valid config', () => {
    for (let i = 0; i <= VALID.length; i++) onlyConfigErrors(VALID.slice(0, i));
  });

  it('valid configs with one character changed', () => {
    fc.assert(
      fc.property(fc.nat({max: VALID.length - 1}), fc.string({unit: 'binary', minLength: 1, maxLength: 3}), (at, s) => {
        onlyConfigErrors(VALID.slice(0, at) + s + VALID.slice(at + 1));
      }),
      {numRuns: 1000},
    );
  });

  it('agrees with JSON.parse on what is valid JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string({maxLength: 30}), fc.nat({max: VALID.length}).map((n) => VALID.slice(0, n))), (text) => {
        let native = true;
        try {
          JSON.parse(text);
        } catch {
          native = false;
        }
        let ours = true;
        try {
          scanJson(text);
        } catch {
          ours = false;
        }
        expect(ours).toBe(native);
      }),
      {numRuns: 1000},
    );
  });

  it('deep nesting and random bytes', () => {
    onlyConfigErrors('['.repeat(100_000));
    onlyConfigErrors(`{"mcpServers": {"a": {"command": "x", "x": ${'['.repeat(5000)}${']'.repeat(5000)}}}}`);
    onlyConfigErrors(Buffer.from(Array.from({length: 4096}, (_, i) => (i * 7919) % 256)).toString('utf8'));
  });
});
