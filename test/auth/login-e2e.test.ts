// The whole path as a user takes it: the bundled notes server over HTTP behind
// a local authorization server, breakerbox's CLI logging in through the
// BROWSER hook, tokens reused, refreshed, replaced, revoked; and nowhere on
// disk but the token store.
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {startOAuthServer, type OAuthTestServer} from '../helpers/oauth-server.js';
import {ROOT, serverPath} from '../helpers/servers.js';

let notes: ChildProcess;
let as: OAuthTestServer;
let dir: string;
let env: Record<string, string>;
const browser = `${process.execPath} ${resolve(ROOT, 'test/conformance/browser.mjs')}`;

beforeAll(async () => {
  notes = spawn(process.execPath, [serverPath('notes.mjs'), '--http', '0'], {stdio: ['ignore', 'ignore', 'pipe']});
  const upstream = await new Promise<string>((ok, fail) => {
    let err = '';
    notes.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m) ok(m[1]);
    });
    notes.on('exit', () => fail(new Error(`notes server exited: ${err}`)));
  });
  as = await startOAuthServer({upstream});
  dir = mkdtempSync(join(tmpdir(), 'bb-login-'));
  writeFileSync(join(dir, 'mcp.config.json'), JSON.stringify({mcpServers: {notes: {url: as.mcpUrl, startupTimeoutMs: 20_000}}}));
  env = {XDG_STATE_HOME: join(dir, 'state'), BROWSER: browser};
});
afterAll(async () => {
  notes?.kill();
  await as?.close();
});

const listTools = (extra: Record<string, string> = {}) => runCli(['--list-tools', '--json', '--config', join(dir, 'mcp.config.json')], {env: {...env, ...extra}, cwd: dir});
const count = (path: string) => as.requests.filter((r) => r.path === path).length;
const notesTools = (out: string) => (JSON.parse(out).tools as Array<{server: string}>).filter((t) => t.server === 'notes').length;

describe('logging in to the notes server over HTTP', () => {
  it('logs in on first use through BROWSER and lists the tools; the login is shown on stderr', async () => {
    const run = await listTools();
    expect(run.code).toBe(0);
    expect(notesTools(run.stdout)).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/notes: needs you to log in at http:\/\/127\.0\.0\.1:\d+/);
    expect(run.stderr).toMatch(/open: http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
    expect(count('/authorize')).toBe(1);
    expect(statSync(join(dir, 'state', 'breakerbox', 'auth', 'notes.json')).mode & 0o777).toBe(0o600);
  });

  it('reuses the saved login on the next run without the browser', async () => {
    const before = count('/authorize');
    const run = await listTools({BROWSER: ''});
    expect(run.code).toBe(0);
    expect(notesTools(run.stdout)).toBeGreaterThan(0);
    expect(count('/authorize')).toBe(before);
  });

  it('refreshes an expired access token without asking', async () => {
    as.expireAccessTokens();
    const before = count('/authorize');
    const run = await listTools({BROWSER: ''});
    expect(run.code).toBe(0);
    expect(count('/authorize')).toBe(before);
    expect(as.requests.some((r) => r.path === '/token' && r.params.grant_type === 'refresh_token')).toBe(true);
  });

  it('logs in again when the refresh token has expired too', async () => {
    as.expireAccessTokens();
    as.expireRefreshTokens();
    const before = count('/authorize');
    const run = await listTools();
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/needs you to log in again/);
    expect(count('/authorize')).toBe(before + 1);
  });

  it('keeps tokens out of every file but the token store (session files, logs, debug traces)', async () => {
    const turn = await runCli(['--print', 'search my notes for pagination', '--debug', '--config', join(dir, 'mcp.config.json')], {env, cwd: dir});
    expect(turn.code).toBe(0);
    const tokens = [...as.liveTokens(), ...JSON.stringify(JSON.parse(readFileSync(join(dir, 'state', 'breakerbox', 'auth', 'notes.json'), 'utf8'))).match(/rt-[0-9a-f]+/g)!];
    const state = join(dir, 'state');
    const files = (readdirSync(state, {recursive: true}) as string[]).filter((f) => statSync(join(state, f)).isFile());
    expect(files.some((f) => f.includes('session') || f.endsWith('.jsonl'))).toBe(true);
    for (const f of files) {
      const text = readFileSync(join(state, f), 'utf8');
      const leaked = tokens.filter((t) => text.includes(t));
      expect({file: f, leaked}).toEqual({file: f, leaked: f === join('breakerbox', 'auth', 'notes.json') ? leaked : []});
    }
  });

  it('logout revokes at the server and forgets the login; the next run says the server needs login', async () => {
    const live = as.liveTokens();
    const out = await runCli(['logout', 'notes', '--config', join(dir, 'mcp.config.json')], {env, cwd: dir});
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/logged out of notes: the tokens were revoked at the server/);
    expect(as.liveTokens().filter((t) => live.includes(t))).toEqual([]);
    expect(readFileSync(join(dir, 'state', 'breakerbox', 'auth', 'notes.json'), 'utf8')).not.toContain('accessToken');
    // No browser and no terminal: nobody could finish a login, so the server waits for one instead.
    const run = await listTools({BROWSER: ''});
    const [server] = JSON.parse(run.stdout).servers;
    expect(server).toMatchObject({alias: 'notes', state: 'offline', phase: 'login', reason: expect.stringContaining('breakerbox login notes')});
  });

  it('breakerbox login logs in again and reports the tools', async () => {
    const out = await runCli(['login', 'notes', '--config', join(dir, 'mcp.config.json')], {env, cwd: dir});
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/logged in to notes: \d+ tools? available/);
  });
});
