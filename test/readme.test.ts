// The README cannot drift from the code: every command in its `sh` blocks runs
// here, in order, with a private state directory. `export` lines set the
// environment of the commands after them; an Anthropic key is served by a local
// fake Messages API. The two quickstart lines are npm's own: this test checks
// they name scripts that exist (CI runs `npm ci && npm test` itself, and the
// pseudo-terminal test opens the UI that `npm start` opens).
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from './helpers/cli.js';
import {tempDir} from './helpers/hub.js';
import {ROOT} from './helpers/servers.js';
import {startFakeAnthropic, type FakeAnthropic} from './helpers/fake-anthropic.js';
import {startFakeOpenAI, type FakeOpenAI} from './helpers/fake-openai.js';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!.split('\n').map((l) => l.replace(/\s+#.*$/, '').trim()).filter(Boolean));

/** Splits a command line the way a POSIX shell would for simple quoting. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | null = null;
  let started = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started || word) words.push(word);
      word = '';
      started = false;
    } else word += ch;
  }
  if (word || started) words.push(word);
  return words;
}

describe('every command in the README', () => {
  let fake: FakeAnthropic;
  let openai: FakeOpenAI;
  const state = tempDir('bb-readme-');
  beforeAll(async () => {
    fake = await startFakeAnthropic((body) => {
      const last = body.messages.at(-1);
      const hasResults = Array.isArray(last.content) && last.content.some((b: {type: string}) => b.type === 'tool_result');
      return hasResults ? {text: 'Your notes say the list ends when nextCursor is absent.'} : {toolUses: [{id: `tu_${body.messages.length}`, name: 'mcp__notes__search', input: {query: 'pagination'}}], stopReason: 'tool_use'};
    });
  });
  beforeAll(async () => {
    openai = await startFakeOpenAI((body) =>
      body.messages.at(-1).role === 'tool' ? {text: 'Your notes say the list ends when nextCursor is absent.'} : {calls: [{name: 'mcp__notes__search', arguments: {query: 'pagination'}}]},
    );
  });
  afterAll(async () => {
    await fake?.close();
    await openai?.close();
  });

  it('has sh blocks to run', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
  });

  it('quickstart: the two npm commands name scripts that exist', () => {
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(blocks[0]).toEqual(['npm install && npm start', 'npm install && npm test']);
    expect(scripts.start).toContain('bin/breakerbox.cjs');
    expect(scripts.test).toContain('typecheck');
    expect(scripts.test).toContain('vitest run');
  });

  for (const [b, lines] of blocks.slice(1).entries()) {
    it(`block ${b + 2}: ${lines.join(' ; ').slice(0, 120)}`, async () => {
      const env: Record<string, string> = {XDG_STATE_HOME: state};
      for (const line of lines) {
        const exported = /^export (\w+)=(.*)$/.exec(line);
        if (exported) {
          env[exported[1]!] = exported[2]!;
          if (exported[1] === 'ANTHROPIC_API_KEY') env.ANTHROPIC_BASE_URL = fake.url;
          if (exported[1] === 'OPENAI_API_KEY') env.OPENAI_BASE_URL = openai.url;
          continue;
        }
        const [command, ...args] = shellWords(line);
        expect(command, `README command "${line}" should start with breakerbox`).toBe('breakerbox');
        const r = await runCli(args, {env, timeoutMs: 90_000});
        expect(r.code, `"${line}" exited ${r.code}\nstdout: ${r.stdout.slice(-800)}\nstderr: ${r.stderr.slice(-800)}`).toBe(0);
        expect(r.stdout.trim().length, `"${line}" printed nothing`).toBeGreaterThan(0);
      }
    }, 180_000);
  }
});

describe('the config errors the README shows', () => {
  const shown = /```text\n(breakerbox: mcp\.config\.json:[\s\S]*?)```/.exec(readme)![1]!.trim().split('\n');
  // Only a file that is not a JSON object of servers stops the app; a bad
  // entry alone keeps that one server offline (the README says both).
  const configs = ['{"mcpServers": {\n"a": {"command": "x"},\n', '{"mcpServers": []}'];
  it.each(configs.map((c, i) => [i, c] as const))('example %i is what breakerbox prints, with exit code 2', async (i, text) => {
    const dir = tempDir('bb-readme-cfg-');
    const {writeFileSync} = await import('node:fs');
    writeFileSync(join(dir, 'mcp.config.json'), text);
    const r = await runCli(['--list-tools'], {cwd: dir, env: {XDG_STATE_HOME: dir}});
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(shown[i]);
  });
});
