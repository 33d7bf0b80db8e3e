// The config (our own checks, no zod) and a --script file (zod/mini) are
// checked once per run, before the first server starts: nothing may compile a
// parser for them. zod's full API did (one `new Function` per object schema at
// its first parse); zod/mini does not. zod compiles through the global Function
// constructor; this file counts its uses.
import {expect, it} from 'vitest';

it('checking a config and a script compiles no code', async () => {
  const made: string[] = [];
  const real = globalThis.Function;
  globalThis.Function = new Proxy(real, {
    construct(target, args: string[]) {
      made.push(String(args.at(-1)).slice(0, 80));
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    // Loaded here, not at the top: zod probes whether it may compile as the schemas are built.
    const {parseConfig} = await import('../../src/config/index.js');
    const {parseScript} = await import('../../src/agent/models/script.js');
    const config = parseConfig(
      JSON.stringify({mcpServers: {notes: {command: 'node', args: ['notes.mjs'], env: {A: '1'}}, remote: {url: 'https://example.com/mcp', headers: {'X-Team': 'a'}}}}),
      'mcp.config.json',
      {},
    );
    const script = parseScript({steps: [{text: 'hi'}, {tool: 'mcp__notes__search', input: {q: 'x'}}]});
    // The checks ran, and ran to the end.
    expect(config.servers.map((s) => s.alias)).toEqual(['notes', 'remote']);
    expect(script.steps).toHaveLength(2);
  } finally {
    globalThis.Function = real;
  }
  expect(made).toEqual([]);
});
