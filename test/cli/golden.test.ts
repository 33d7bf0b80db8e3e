// Golden outputs of the command line on the bundled servers, captured before
// the upper floors were redesigned (issue #13): `--print --json` for scripted
// conversations, `--list-tools --json`, and the session files those runs
// write. The redesign had to reproduce them byte for byte (times, ids and
// paths normalised). `UPDATE_GOLDEN=1 npx vitest run test/cli/golden.test.ts`
// rewrites them; a change to a golden file is a change users see.
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {ROOT, serverPath} from '../helpers/servers.js';

const GOLDEN = resolve(import.meta.dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

/** The bundled servers plus one that cannot start and one that dies on request. */
function failingConfig(): string {
  const path = join(tempDir('bb-golden-'), 'mcp.config.json');
  const servers = {
    notes: {command: process.execPath, args: [serverPath('notes.mjs')], autoApprove: ['search']},
    broken: {command: 'no-such-binary-bb-golden'},
    chaos: {command: process.execPath, args: [serverPath('chaos.mjs')], env: {CHAOS_MODE: 'ok'}},
  };
  writeFileSync(path, JSON.stringify({mcpServers: servers}, null, 2));
  return path;
}

/** Times, ids and paths vary per run; everything else must not. */
function normalise(text: string, o: {state: string; config: string}): string {
  return text
    .split(o.state).join('<state>')
    .replace(/logs\/[\w.-]+-[0-9a-f]{8}\//g, 'logs/<config>/')
    .split(o.config).join('<config>')
    .split(ROOT).join('<root>')
    .replace(/"(at|startedAt)":"[^"]+"/g, '"$1":"<time>"');
}

/** The one session file a run wrote, normalised. */
function sessionFile(state: string, o: {config: string}): string {
  const dir = join(state, 'breakerbox', 'sessions');
  const files = existsSync(dir) ? readdirSync(dir) : [];
  expect(files).toHaveLength(1);
  const text = readFileSync(join(dir, files[0]!), 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const records = text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as {type: string; id?: string; call?: {id: string}});
  for (const record of records) if (record.type === 'session') record.id = '<session>';
  // Calls of one step run concurrently and are written as each finishes:
  // their order within the step is the servers' timing, not ours.
  const callId = (r: (typeof records)[number]) => (r.type === 'call' ? r.call!.id : undefined);
  for (let i = 0; i < records.length; ) {
    let j = i;
    while (j < records.length && callId(records[j]!) !== undefined) j++;
    if (j > i) records.splice(i, j - i, ...records.slice(i, j).sort((a, b) => callId(a)!.localeCompare(callId(b)!)));
    i = j + 1;
  }
  return normalise(records.map((r) => JSON.stringify(r)).join('\n') + '\n', {state, config: o.config});
}

function compare(name: string, actual: string): void {
  const path = join(GOLDEN, name);
  if (update) writeFileSync(path, actual);
  expect(actual).toBe(readFileSync(path, 'utf8'));
}

const SCENARIOS = [
  {name: 'collision', args: [] as string[], failing: false, code: 0},
  {name: 'denial', args: [], failing: false, code: 0},
  {name: 'step-limit', args: ['--max-steps', '3'], failing: false, code: 1},
  {name: 'failing', args: ['--yes'], failing: true, code: 0},
  {name: 'model-error', args: [], failing: false, code: 1},
];

describe('golden outputs of the command line', () => {
  it.each(SCENARIOS)('--print --json: $name, and its session file', async ({name, args, failing, code}) => {
    const state = tempDir('bb-state-');
    const config = failing ? failingConfig() : resolve(ROOT, 'mcp.config.json');
    const script = join(GOLDEN, `${name}.script.json`);
    const r = await runCli(['--print', `golden ${name}`, '--json', '--script', script, '--config', config, ...args], {env: {XDG_STATE_HOME: state}});
    expect(r.code, r.stderr).toBe(code);
    compare(`${name}.print.json`, normalise(r.stdout, {state, config}));
    compare(`${name}.session.jsonl`, sessionFile(state, {config}));
  });

  it('--print without --json: the answer on stdout, the calls on stderr', async () => {
    const state = tempDir('bb-state-');
    const config = resolve(ROOT, 'mcp.config.json');
    const r = await runCli(['--print', 'golden text', '--script', join(GOLDEN, 'denial.script.json')], {env: {XDG_STATE_HOME: state}});
    expect(r.code, r.stderr).toBe(0);
    const stderr = normalise(r.stderr, {state, config}).replace(/\(\d+ ms\)/g, '(<n> ms)');
    compare('denial.print.txt', `${r.stdout}--- stderr ---\n${stderr}`);
  });

  it.each([
    {name: 'bundled', failing: false},
    {name: 'failing', failing: true},
  ])('--list-tools --json: $name servers', async ({name, failing}) => {
    const state = tempDir('bb-state-');
    const config = failing ? failingConfig() : resolve(ROOT, 'mcp.config.json');
    const r = await runCli(['--list-tools', '--json', '--config', config], {env: {XDG_STATE_HOME: state}});
    expect(r.code, r.stderr).toBe(0);
    compare(`list-tools.${name}.json`, normalise(r.stdout, {state, config}));
  });
});
