import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {selfCheckCommand} from '../../src/cli/self-check.js';
import {runSelfCheck} from '../../src/self-check/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'breakerbox-self-check-test-'))));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

async function run(configPath: string): Promise<{code: number; lines: string[]; ms: number}> {
  let text = '';
  const started = Date.now();
  const code = await runSelfCheck({configPath, env: {...process.env, XDG_STATE_HOME: dir}, out: {write: (s: string) => (text += s)}});
  return {code, lines: text.trimEnd().split('\n'), ms: Date.now() - started};
}

function config(notesEnv: Record<string, string>): string {
  const path = join(dir, `config-${Object.keys(notesEnv).join('-') || 'plain'}.json`);
  const server = (file: string, env: Record<string, string> = {}) => ({command: process.execPath, args: [join(ROOT, 'servers', file)], env});
  writeFileSync(path, JSON.stringify({mcpServers: {notes: server('notes.mjs', notesEnv), tickets: server('tickets.mjs')}}));
  return path;
}

describe('breakerbox --self-check', () => {
  it('passes all 15 checks against the bundled config, well under 30 s', async () => {
    const {code, lines, ms} = await run(join(ROOT, 'mcp.config.json'));
    const checks = lines.filter((l) => /^[✔✘] \d+ /.test(l));
    expect(checks.filter((l) => l.startsWith('✘')), lines.join('\n')).toEqual([]);
    expect(checks.map((l) => Number(l.split(' ')[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(lines.at(-1)).toBe('15 passed, 0 failed');
    expect(code).toBe(0);
    expect(lines).toContain('✔ 3 pagination: notes lists 3 tools over 2 pages (page sizes 2 + 1, the end has no nextCursor)');
    expect(lines.find((l) => l.startsWith('✔ 4 '))).toMatch(/notes is modern \(2026-07-28\), tickets is legacy/);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  it('fails check 3, by name, when the config launches notes with cut pagination', async () => {
    const {code, lines} = await run(config({NOTES_CUT_PAGINATION: '1'}));
    expect(code).toBe(1);
    expect(lines.find((l) => l.startsWith('✘'))).toMatch(/^✘ 3 pagination: notes lists 2 of 3 tools over 1 page; missing list_recent/);
    expect(lines.filter((l) => l.startsWith('✘'))).toHaveLength(1);
    expect(lines.at(-1)).toBe('14 passed, 1 failed');
  }, 60_000);

  it('exits 2 with the config error when the config cannot be read', async () => {
    const bad = join(dir, 'bad.json');
    // Malformed JSON: a bad server entry alone only takes that server offline (issue #14).
    writeFileSync(bad, '{"mcpServers": {"notes": {"args": [');
    let text = '';
    expect(await selfCheckCommand({config: bad}, process.env, {write: (s: string) => (text += s)})).toBe(2);
    expect(text).toMatch(/^breakerbox: .*bad\.json:\d+:\d+: invalid JSON/);
  });
});
