// `--print` writes the model's markdown untouched by default; `--format
// pretty` renders it as the UI does, styled only on a terminal (or FORCE_COLOR).
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';

const ANSWER = '# Pagination\n\nThe list is **paginated**: ask again with `cursor`.\n\n| Server | Era |\n|---|---|\n| notes | modern |\n\n```ts\nconst x = 1;\n```';

function script(): string {
  const path = join(tempDir('bb-fmt-'), 'script.json');
  writeFileSync(path, JSON.stringify({steps: [{text: ANSWER}]}));
  return path;
}

const ask = (extra: string[], env: Record<string, string> = {}) => runCli(['--print', 'explain pagination', '--script', script(), ...extra], {env: {XDG_STATE_HOME: tempDir('bb-state-'), ...env}});

describe('--print and --format', () => {
  it('prints the raw markdown by default, byte for byte', async () => {
    const r = await ask([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${ANSWER}\n`);
  });

  it('--format pretty renders the markdown: plain text when stdout is not a terminal', async () => {
    const r = await ask(['--format', 'pretty'], {COLUMNS: '60'});
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).not.toContain('**');
    expect(r.stdout).toContain('The list is paginated: ask again with `cursor`.');
    expect(r.stdout).toContain('│ notes  │ modern │');
    expect(r.stdout).toContain('┌ ts\n│ const x = 1;\n└\n');
  });

  it('FORCE_COLOR styles it; NO_COLOR keeps the styles but drops every colour', async () => {
    const coloured = await ask(['--format', 'pretty'], {FORCE_COLOR: '1'});
    expect(coloured.stdout).toContain('\u001b[1mpaginated\u001b[0m');
    expect(coloured.stdout).toMatch(/\u001b\[3\dmcursor\u001b\[0m/);
    const plain = await ask(['--format', 'pretty'], {FORCE_COLOR: '1', NO_COLOR: '1'});
    expect(plain.stdout).toContain('\u001b[1mpaginated\u001b[0m');
    expect(plain.stdout).not.toMatch(/\u001b\[(3|9)\d[;m]/);
    expect(plain.stdout).toContain('`cursor`');
  });

  it('refuses --format values it does not know, and --format without --print', async () => {
    const bad = await ask(['--format', 'html']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format takes raw or pretty, got "html"');
    const lonely = await runCli(['--list-tools', '--format', 'pretty'], {env: {XDG_STATE_HOME: tempDir('bb-state-')}});
    expect(lonely.code).toBe(2);
    expect(lonely.stderr).toContain('--format goes with --print');
  });
});
