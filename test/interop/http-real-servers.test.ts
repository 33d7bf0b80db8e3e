// Real servers over Streamable HTTP, configured by URL as a user would, each
// beside the very same server over stdio: the official server-everything in
// its streamableHttp mode (legacy era, sessions) and our tmcp fixture on
// @tmcp/transport-http (modern era). Every tool is found, calls answer the
// same content, and requests to the client work over both streams.
import {spawn, type ChildProcess} from 'node:child_process';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {deadPort} from '../helpers/fake-http.js';
import {waitFor} from '../helpers/wait.js';
import {hubFromConfig, modelName, PKG, ROOT, scratch, writeConfig, type StartedHub} from './helpers.js';

const STARTUP = 60_000;
let tmp: ReturnType<typeof scratch>;
let started: StartedHub;
const procs: ChildProcess[] = [];

/** Starts a server process and waits until its output matches `ready`; returns the match. */
async function launch(args: string[], env: Record<string, string>, ready: RegExp): Promise<RegExpExecArray> {
  const p = spawn(process.execPath, args, {cwd: ROOT, env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  procs.push(p);
  let out = '';
  p.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  p.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  return waitFor(() => ready.exec(out) ?? (p.exitCode !== null ? Promise.reject(new Error(out)) : undefined), `${args.join(' ')} ready`, STARTUP);
}

beforeAll(async () => {
  tmp = scratch('http');
  const port = await deadPort();
  await launch([PKG('server-everything', 'dist/index.js'), 'streamableHttp'], {PORT: String(port)}, /listening on port/);
  const tmcpUrl = (await launch(['--import', 'tsx', 'test/fixtures/tmcp-server.ts', '--http', '0'], {TMCP_PAGE_SIZE: '3'}, /listening on (http:\S+)/))[1]!;
  const {config} = writeConfig(tmp.dir, {
    everything: {command: 'node_modules/.bin/mcp-server-everything', cwd: ROOT, startupTimeoutMs: STARTUP},
    'everything-http': {type: 'http', url: `http://localhost:${port}/mcp`, startupTimeoutMs: STARTUP},
    tmcp: {command: process.execPath, args: ['--import', 'tsx', 'test/fixtures/tmcp-server.ts'], cwd: ROOT, env: {TMCP_PAGE_SIZE: '3'}, startupTimeoutMs: STARTUP},
    'tmcp-http': {type: 'streamable-http', url: tmcpUrl, startupTimeoutMs: STARTUP},
  });
  started = hubFromConfig(config, {
    features: () => ({elicit: async () => ({action: 'accept', content: {name: 'Ada'}})}),
  });
  await started.hub.start();
  for (const s of started.hub.statuses()) expect(s.state, `${s.alias}: ${s.reason}`).toBe('online');
}, 180_000);

afterAll(async () => {
  await started?.hub.close();
  for (const p of procs) p.kill('SIGKILL');
  tmp?.cleanup();
});

const original = (alias: string) => started.hub.catalog.entries.filter((e) => e.alias === alias).map((e) => e.tool);
const call = (alias: string, tool: string, args: unknown) => started.hub.call(modelName(started.hub, alias, tool)!, args);

describe('server-everything over Streamable HTTP (legacy era, sessions)', {timeout: 60_000}, () => {
  it('is found by URL in the legacy era, with every tool the stdio server has', () => {
    const s = started.hub.statuses().find((x) => x.alias === 'everything-http')!;
    expect(s).toMatchObject({era: 'legacy', protocolVersion: '2025-11-25', transport: 'http'});
    expect(original('everything-http').length).toBeGreaterThan(10);
    expect(original('everything-http')).toEqual(original('everything'));
    expect(modelName(started.hub, 'everything-http', 'echo')).toBe('mcp__everything-http__echo');
    expect(modelName(started.hub, 'everything', 'echo')).toBe('mcp__everything__echo');
  });

  it.each([
    ['echo', {message: 'héllo ✓'}],
    ['get-sum', {a: 2, b: 40}],
    ['get-tiny-image', {}],
    ['get-structured-content', {location: 'Chicago'}],
  ])('%s answers the same content as over stdio', async (tool, args) => {
    const [http, stdio] = await Promise.all([call('everything-http', tool, args), call('everything', tool, args)]);
    expect(http.isError).toBeFalsy();
    expect(http.content).toEqual(stdio.content);
    expect(http.structuredContent).toEqual(stdio.structuredContent);
  });

  it('streams progress of a long operation over the call\'s SSE stream', async () => {
    const progress: number[] = [];
    const name = modelName(started.hub, 'everything-http', 'trigger-long-running-operation')!;
    const r = await started.hub.call(name, {duration: 1, steps: 3}, {onProgress: (p) => progress.push(p.progress)});
    expect(r.isError).toBeFalsy();
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a tmcp server on @tmcp/transport-http (modern era)', {timeout: 60_000}, () => {
  it('is found by URL in the modern era, with every tool over its pages', () => {
    const s = started.hub.statuses().find((x) => x.alias === 'tmcp-http')!;
    expect(s).toMatchObject({era: 'modern', protocolVersion: '2026-07-28', transport: 'http', serverName: 'breakerbox-tmcp-fixture'});
    expect(s.pages).toBeGreaterThan(1);
    expect(original('tmcp-http')).toEqual(original('tmcp'));
    expect(original('tmcp-http')).toEqual(expect.arrayContaining(['echo', 'add', 'whoami', 'link', 'work', 'ask_name', 'nag', 'reveal']));
  });

  it.each([
    ['echo', {text: 'over http'}],
    ['add', {a: 2, b: 3}],
    ['link', {}],
  ])('%s answers the same content as over stdio', async (tool, args) => {
    const [http, stdio] = await Promise.all([call('tmcp-http', tool, args), call('tmcp', tool, args)]);
    expect(http.isError).toBeFalsy();
    expect(http.content).toEqual(stdio.content);
    expect(http.structuredContent).toEqual(stdio.structuredContent);
  });

  it('answers an elicitation round (MRTR) over HTTP', async () => {
    const r = await call('tmcp-http', 'ask_name', {});
    expect(r.content).toEqual([{type: 'text', text: 'Hello, Ada!'}]);
  });

  it('hears a list change on its subscriptions/listen stream', async () => {
    await call('tmcp-http', 'reveal', {});
    await waitFor(() => original('tmcp-http').includes('hidden'), 'the hidden tool after reveal', 30_000);
  });
});
