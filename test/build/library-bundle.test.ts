// The library entry points of dist/ are bundles (scripts/bundle-library.mjs,
// issue #17): importing the hub reads a few files instead of about a hundred
// compiled modules, Ajv stays out until a result is validated, and a program
// that imports several entries gets one copy of every module they share.
// Runs against dist/ as the global setup built it (tsc, then the bundles).
import {execFile} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain script without types
import {distImportsIn} from '../../scripts/bundle-library.mjs';
import {ROOT} from '../helpers/servers.js';

const run = promisify(execFile);

/** The source modules behind each file of the bundle, from esbuild's metafile. */
function modulesOf(files: string[]): string[] {
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist/library-meta.json'), 'utf8')) as {outputs: Record<string, {inputs: Record<string, unknown>}>};
  return files.flatMap((f) => Object.keys(meta.outputs[f]?.inputs ?? {[f]: 0}));
}

describe('the library bundle of dist/', () => {
  it('importing dist/hub/hub.js reads a handful of files, and not the output validator or Ajv', async () => {
    const record = join(mkdtempSync(join(tmpdir(), 'bb-import-')), 'loads.txt');
    await run(process.execPath, [join(ROOT, 'test/fixtures/import-dist.mjs'), record, join(ROOT, 'dist/hub/hub.js')], {cwd: ROOT});
    const files = [...new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean))].map((f) => relative(ROOT, f));
    const project = files.filter((f) => f.startsWith('dist/'));
    // tsc's output read 98 files here; the bundle reads the entry and its shared chunks.
    // With the HTTP transport loaded lazily, 22 until its importers' graph stopped being split for it (scripts/importers-first.mjs).
    // 17 until the UI and state entries, which share modules with the hub, imported its whole graph:
    // loading that many made Node's loader hot enough for TurboFan during the import (~4-5 MB of RSS).
    expect(project.length, project.join('\n')).toBeLessThanOrEqual(10);
    expect(files.filter((f) => f.includes('node_modules/')), 'packages are bundled').toEqual([]);
    const modules = modulesOf(project);
    expect(modules).toContain('dist/hub/hub.js');
    expect(modules.filter((m) => /hub\/output-validator\.js$|node_modules\/(ajv\/dist\/(core|compile)|re2js)/.test(m))).toEqual([]);
    // Nor the HTTP transport: it loads when a remote server starts (a session reads tools' Mcp-Param headers with param-headers).
    expect(modules.filter((m) => /transport\/http\/(?!param-headers)|node_modules\/eventsource-parser\//.test(m))).toEqual([]);
  }, 30_000);

  it('entries imported together share one copy: the hub, given a StdioTransport of the transport entry, runs sessions and connections of the classes the session and connection entries export', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-identity-'));
    const program = join(dir, 'identity.mjs');
    const entry = (path: string) => JSON.stringify(new URL(`file://${join(ROOT, path)}`).href);
    writeFileSync(
      program,
      `
const [{Hub}, {McpSession}, {Connection}, {StdioTransport}] = await Promise.all([
  import(${entry('dist/hub/hub.js')}), import(${entry('dist/session/session.js')}),
  import(${entry('dist/connection/connection.js')}), import(${entry('dist/transport/stdio.js')}),
]);
const server = {alias: 'chaos', command: process.execPath, args: [${JSON.stringify(join(ROOT, 'servers/chaos.mjs'))}], env: {CHAOS_MODE: 'ok'}, startupTimeoutMs: 20000};
const hub = new Hub({servers: [server], makeTransport: (s) => new StdioTransport({command: s.command, args: s.args, env: s.env})});
await hub.start();
const session = hub.slots[0].session;
const echo = hub.catalog.entries.find((e) => e.tool === 'echo');
const result = await hub.call(echo.name, {text: 'one copy'});
process.stdout.write(JSON.stringify({
  session: session instanceof McpSession,
  connection: session.connection instanceof Connection,
  text: result.content?.[0]?.text,
}));
await hub.close();
`,
    );
    mkdirSync(join(dir, 'state'));
    const {stdout} = await run(process.execPath, [program], {cwd: ROOT, env: {PATH: process.env.PATH ?? '', XDG_STATE_HOME: join(dir, 'state')}});
    expect(JSON.parse(stdout)).toEqual({session: true, connection: true, text: 'one copy'});
  }, 30_000);

  it('a hub that starts a server, lists and calls it, and closes, with no record store, never loads node:crypto (issue #17: ~0.8 MB of RSS)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-crypto-'));
    const program = join(dir, 'no-crypto.mjs');
    writeFileSync(
      program,
      `
const loaded = () => process.moduleLoadList.some((m) => /^NativeModule (internal\\/)?crypto\\b/.test(m));
const {Hub} = await import(${JSON.stringify(new URL(`file://${join(ROOT, 'dist/hub/hub.js')}`).href)});
const afterImport = loaded();
const hub = new Hub({servers: [{alias: 'chaos', command: process.execPath, args: [${JSON.stringify(join(ROOT, 'servers/chaos.mjs'))}], env: {CHAOS_MODE: 'ok'}, startupTimeoutMs: 20000}]});
await hub.start();
const echo = hub.catalog.entries.find((e) => e.tool === 'echo');
const result = await hub.call(echo.name, {text: 'no hash'});
await hub.close();
process.stdout.write(JSON.stringify({afterImport, afterRun: loaded(), text: result.content?.[0]?.text}));
`,
    );
    const {stdout} = await run(process.execPath, [program], {cwd: ROOT, env: {PATH: process.env.PATH ?? '', XDG_STATE_HOME: join(dir, 'state')}});
    expect(JSON.parse(stdout)).toEqual({afterImport: false, afterRun: false, text: 'no hash'});
  }, 30_000);

  it('the build finds dist/ files imported in each form the repository writes, and not packages’ own dist/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-importers-'));
    // A file of its own (.txt): in this test's source, the build would find these imports too.
    copyFileSync(join(ROOT, 'test/fixtures/dist-importers.txt'), join(dir, 'importer.mjs'));
    expect((distImportsIn([dir]) as {path: string}[]).map((f) => f.path)).toEqual(['hub/hub.js', 'session/session.js', 'state/store.js', 'sessions/index.js', 'transport/stdio.js']);
  });
});
