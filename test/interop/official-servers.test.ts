// breakerbox's hub against the official reference servers from npm, each
// configured in an mcp.config.json the way a user would write it.
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {HubCallResult} from '../../src/hub/types.js';
import {waitFor} from '../helpers/wait.js';
import {descendants, hubFromConfig, modelName, ONE_PIXEL_PNG, PKG, ROOT, scratch, sdkToolNames, stillAlive, toolsOf, writeConfig, type Proc, type StartedHub} from './helpers.js';
import type {StdioServerConfig} from '../../src/config/index.js';
import type {StdioHubServer} from '../../src/hub/hub.js';

const STARTUP = 30_000;

// The reference servers negotiate the SDK's newest legacy version; none answers server/discover.
const LEGACY_VERSION = '2025-11-25';

/** Tools server-everything 2026.8.31 lists for a client that declares no capabilities. */
const EVERYTHING_TOOLS = [
  'echo', 'get-annotated-message', 'get-env', 'get-resource-links', 'get-resource-reference', 'get-structured-content',
  'get-sum', 'get-tiny-image', 'gzip-file-as-resource', 'toggle-simulated-logging', 'toggle-subscriber-updates',
  'trigger-long-running-operation', 'simulate-research-query',
];
const FILESYSTEM_TOOLS = [
  'read_file', 'read_text_file', 'read_media_file', 'read_multiple_files', 'write_file', 'edit_file', 'create_directory',
  'list_directory', 'list_directory_with_sizes', 'directory_tree', 'move_file', 'search_files', 'get_file_info', 'list_allowed_directories',
];
const MEMORY_TOOLS = ['create_entities', 'create_relations', 'add_observations', 'delete_entities', 'delete_observations', 'delete_relations', 'read_graph', 'search_nodes', 'open_nodes'];
const THINKING_TOOLS = ['sequentialthinking'];

const EXPECTED: Record<string, string[]> = {everything: EVERYTHING_TOOLS, filesystem: FILESYSTEM_TOOLS, memory: MEMORY_TOOLS, thinking: THINKING_TOOLS};

let tmp: ReturnType<typeof scratch>;
let fsDir: string;
let started: StartedHub;
/** The four server processes the hub spawned (taken before the SDK oracle spawns its own). */
let hubProcs: Proc[];

/** Calls through the hub by original name; fails the test when the tool is missing. */
async function call(alias: string, tool: string, args: unknown): Promise<HubCallResult> {
  const name = modelName(started.hub, alias, tool);
  expect(name, `${alias}/${tool} is in the catalog`).toBeTruthy();
  return started.hub.call(name!, args);
}

/** A successful call: not an error, no client-side failure, no validator warnings. */
function expectClean(r: HubCallResult): void {
  expect(r.failure, JSON.stringify(r.content).slice(0, 300)).toBeUndefined();
  expect(r.isError).toBeFalsy();
  expect(r.warnings).toBeUndefined();
}

beforeAll(async () => {
  tmp = scratch('official');
  fsDir = join(tmp.dir, 'allowed');
  mkdirSync(join(fsDir, 'sub'), {recursive: true});
  writeFileSync(join(fsDir, 'hello.txt'), 'hello\nworld\n');
  writeFileSync(join(fsDir, 'sub', 'notes.md'), '# notes\n');
  writeFileSync(join(fsDir, 'pixel.png'), ONE_PIXEL_PNG);
  // Written as a user would: bins from node_modules, `node <dist entry>`, ${VAR} expansion, per-server env.
  const {config} = writeConfig(
    tmp.dir,
    {
      everything: {command: 'node_modules/.bin/mcp-server-everything', cwd: ROOT, startupTimeoutMs: STARTUP},
      filesystem: {command: 'node', args: [PKG('server-filesystem', 'dist', 'index.js'), '${BB_FS_DIR}'], startupTimeoutMs: STARTUP},
      memory: {command: 'node_modules/.bin/mcp-server-memory', cwd: ROOT, env: {MEMORY_FILE_PATH: '${BB_MEMORY_FILE}'}, startupTimeoutMs: STARTUP},
      thinking: {
        command: 'node',
        args: ['node_modules/@modelcontextprotocol/server-sequential-thinking/dist/index.js'],
        cwd: ROOT,
        env: {DISABLE_THOUGHT_LOGGING: 'true'},
        startupTimeoutMs: STARTUP,
      },
    },
    {...process.env, BB_FS_DIR: fsDir, BB_MEMORY_FILE: join(tmp.dir, 'memory.jsonl')},
  );
  expect(config.servers.map((s) => s.alias)).toEqual(['everything', 'filesystem', 'memory', 'thinking']);
  expect((config.servers[1] as StdioServerConfig).args[1]).toBe(fsDir);
  const before = descendants();
  // A canary in our own environment: no server may see it (childEnv passes an allowlist only).
  started = hubFromConfig(config, {}, {...process.env, ANTHROPIC_API_KEY: 'sk-interop-canary'});
  await started.hub.start();
  hubProcs = descendants().filter((p) => !before.some((b) => b.pid === p.pid));
}, 120_000);

afterAll(async () => {
  await started?.hub.close();
  tmp?.cleanup();
});

describe.each(['everything', 'filesystem', 'memory', 'thinking'])('%s: discovery', (alias) => {
  it('is online, legacy era, and negotiated the SDK’s newest legacy version', () => {
    const status = started.hub.statuses().find((s) => s.alias === alias)!;
    expect(status.state, status.reason).toBe('online');
    expect(status.era).toBe('legacy');
    expect(status.protocolVersion).toBe(LEGACY_VERSION);
    // The probe was answered with a JSON-RPC error and initialize followed.
    const lines = started.rec.trace.get(alias)!.map((l) => l.summary);
    expect(lines.some((l) => /server\/discover/.test(l))).toBe(true);
    expect(lines.some((l) => /error -32601/.test(l))).toBe(true);
    expect(lines).toContain(`legacy: initialize agreed on ${LEGACY_VERSION}`);
  });

  it('ends up with every tool the server lists (the same set the official SDK client sees)', async () => {
    const expected = EXPECTED[alias]!;
    // server-everything sends tools/list_changed right after the handshake: wait for the settled list.
    const dropped = () => started.hub.droppedTools.filter((d) => d.alias === alias).map((d) => d.tool);
    await waitFor(() => expected.every((t) => toolsOf(started.hub, alias).includes(t) || dropped().includes(t)), `${alias}: full tool list`, 20_000);
    const server = started.servers.find((s) => s.alias === alias)!;
    // No roots in this config, so breakerbox declares no client capabilities; the oracle declares none either.
    const oracle = await sdkToolNames(server as StdioHubServer, {});
    // Everything listed is either in the model's table or in droppedTools with a reason (task-only tools are dropped).
    const seen = [...toolsOf(started.hub, alias), ...started.hub.droppedTools.filter((d) => d.alias === alias).map((d) => d.tool)];
    expect([...seen].sort()).toEqual([...oracle].sort());
    expect([...seen].sort()).toEqual([...expected].sort());
    expect(started.hub.statuses().find((s) => s.alias === alias)!.toolCount).toBe(expected.length - dropped().length);
  }, 60_000);
});

describe('everything: content kinds', () => {
  it('echo returns text', async () => {
    const r = await call('everything', 'echo', {message: 'héllo ✓'});
    expectClean(r);
    expect(r.content).toEqual([{type: 'text', text: 'Echo: héllo ✓'}]);
  });

  it('get-tiny-image returns an image block (base64 PNG)', async () => {
    const r = await call('everything', 'get-tiny-image', {});
    expectClean(r);
    const image = r.content.find((c) => c.type === 'image') as {data: string; mimeType: string} | undefined;
    expect(image?.mimeType).toBe('image/png');
    expect(Buffer.from(image!.data, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(r.content.map((c) => c.type)).toEqual(['text', 'image', 'text']);
  });

  it('get-resource-links returns resource_link blocks', async () => {
    const r = await call('everything', 'get-resource-links', {count: 2});
    expectClean(r);
    const links = r.content.filter((c) => c.type === 'resource_link') as Array<{uri: string; name: string}>;
    expect(links).toHaveLength(2);
    for (const l of links) expect(l.uri).toMatch(/^demo:\/\//);
  });

  it('get-structured-content returns structuredContent that passes its outputSchema', async () => {
    const entry = started.hub.catalog.entries.find((e) => e.alias === 'everything' && e.tool === 'get-structured-content')!;
    expect(entry.outputSchema).toBeTruthy();
    const r = await call('everything', 'get-structured-content', {location: 'Chicago'});
    expectClean(r);
    expect(r.structuredContent).toEqual({temperature: 36, conditions: 'Light rain / drizzle', humidity: 82});
  });

  it('get-resource-reference returns an embedded resource block', async () => {
    const r = await call('everything', 'get-resource-reference', {resourceType: 'Text', resourceId: 2});
    expectClean(r);
    expect(r.content.map((c) => c.type)).toEqual(['text', 'resource', 'text']);
    expect((r.content[1] as {resource: {uri: string; text: string}}).resource.uri).toBe('demo://resource/dynamic/text/2');
  });

  it('get-env shows the child got the allowlisted environment, not our secrets', async () => {
    const r = await call('everything', 'get-env', {});
    expectClean(r);
    const env = JSON.parse((r.content[0] as {text: string}).text) as Record<string, string>;
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(JSON.stringify(env)).not.toContain('sk-interop-canary');
  });

  it('simulate-research-query (execution.taskSupport "required") is kept out of the table as not callable, with a reason: breakerbox does not do tasks', async () => {
    expect(modelName(started.hub, 'everything', 'simulate-research-query')).toBeUndefined();
    const drop = started.hub.droppedTools.find((d) => d.alias === 'everything' && d.tool === 'simulate-research-query');
    expect(drop?.reason).toMatch(/not callable here: it runs only as a task/);
    // …and the server detail view lists it apart from malformed tools.
    expect(drop?.notCallable).toBe(true);
    expect(started.hub.inspect.detail('everything')?.droppedTools.find((d) => d.tool === 'simulate-research-query')?.notCallable).toBe(true);
  });

  it('a wrong argument comes back as an isError result for the model, not a protocol error', async () => {
    const r = await call('everything', 'get-sum', {a: 'one'});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect(r.failure).toBeUndefined();
    expect((r.content[0] as {text: string}).text).toMatch(/-32602.*Input validation error/s);
  });
});

describe('filesystem: outputSchemas validate on real results', () => {
  const cases: Array<[string, (dir: string) => Record<string, unknown>, (r: HubCallResult) => void]> = [
    ['list_allowed_directories', () => ({}), (r) => expect(r.structuredContent).toEqual({content: expect.stringContaining(fsDir)})],
    ['list_directory', (d) => ({path: d}), (r) => expect((r.structuredContent as {content: string}).content.split('\n').sort()).toEqual(['[DIR] sub', '[FILE] hello.txt', '[FILE] pixel.png'])],
    ['list_directory_with_sizes', (d) => ({path: d, sortBy: 'name'}), (r) => expect((r.structuredContent as {content: string}).content).toContain('hello.txt')],
    ['read_text_file', (d) => ({path: join(d, 'hello.txt')}), (r) => expect(r.structuredContent).toEqual({content: 'hello\nworld\n'})],
    ['read_text_file', (d) => ({path: join(d, 'hello.txt'), head: 1}), (r) => expect(r.structuredContent).toEqual({content: 'hello'})],
    ['read_multiple_files', (d) => ({paths: [join(d, 'hello.txt'), join(d, 'sub', 'notes.md')]}), (r) => expect((r.structuredContent as {content: string}).content).toContain('# notes')],
    ['get_file_info', (d) => ({path: join(d, 'hello.txt')}), (r) => expect((r.structuredContent as {content: string}).content).toMatch(/size: 12/)],
    ['directory_tree', (d) => ({path: d}), (r) => expect((r.structuredContent as {content: string}).content).toContain('notes.md')],
    ['search_files', (d) => ({path: d, pattern: '**/*.md'}), (r) => expect((r.structuredContent as {content: string}).content).toContain('notes.md')],
    [
      'read_media_file',
      (d) => ({path: join(d, 'pixel.png')}),
      (r) => {
        expect(r.content).toEqual([{type: 'image', data: ONE_PIXEL_PNG.toString('base64'), mimeType: 'image/png'}]);
        expect(r.structuredContent).toEqual({content: r.content});
      },
    ],
  ];

  it.each(cases)('%s: structuredContent matches the outputSchema (no invalid-output, no warning)', async (tool, args, check) => {
    const r = await call('filesystem', tool, args(fsDir));
    expectClean(r);
    expect(started.hub.catalog.entries.find((e) => e.alias === 'filesystem' && e.tool === tool)!.outputSchema).toBeTruthy();
    check(r);
  });

  it('a path outside the allowed directory is an isError result for the model', async () => {
    const r = await call('filesystem', 'read_text_file', {path: '/etc/hostname'});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect((r.content[0] as {text: string}).text).toMatch(/outside allowed directories|Access denied/i);
  });

  it('a wrong argument type comes back as an isError result, not a protocol error', async () => {
    const r = await call('filesystem', 'list_directory', {path: 42});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect(r.failure).toBeUndefined();
    expect((r.content[0] as {text: string}).text).toMatch(/-32602.*Input validation error/s);
  });
});

describe('memory', () => {
  it('read_graph on an empty store returns structuredContent matching its outputSchema', async () => {
    const r = await call('memory', 'read_graph', {});
    expectClean(r);
    expect(r.structuredContent).toEqual({entities: [], relations: []});
    expect(r.content[0]!.type).toBe('text');
  });

  it('create_entities then open_nodes round-trips through the temp memory file', async () => {
    const created = await call('memory', 'create_entities', {entities: [{name: 'breakerbox', entityType: 'project', observations: ['speaks both eras']}]});
    expectClean(created);
    const r = await call('memory', 'open_nodes', {names: ['breakerbox']});
    expectClean(r);
    expect((r.structuredContent as {entities: Array<{name: string}>}).entities.map((e) => e.name)).toEqual(['breakerbox']);
  });

  it('a wrong argument comes back as an isError result', async () => {
    const r = await call('memory', 'search_nodes', {query: ['not', 'a', 'string']});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect(r.failure).toBeUndefined();
  });
});

describe('sequential-thinking', () => {
  it('one thought returns structuredContent matching its outputSchema', async () => {
    const r = await call('thinking', 'sequentialthinking', {thought: 'Check the wiring.', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1});
    expectClean(r);
    expect(r.structuredContent).toMatchObject({thoughtNumber: 1, totalThoughts: 1, nextThoughtNeeded: false});
  });

  it('a wrong argument comes back as an isError result', async () => {
    const r = await call('thinking', 'sequentialthinking', {thought: 7});
    expect(r.isError).toBe(true);
    expect(r.protocolError).toBeUndefined();
    expect(r.failure).toBeUndefined();
  });
});

describe('shutdown', () => {
  it('hub.close() leaves none of the four server processes behind', async () => {
    const ours = stillAlive(hubProcs);
    expect(ours).toHaveLength(4);
    for (const bin of ['mcp-server-everything', 'server-filesystem', 'mcp-server-memory', 'server-sequential-thinking']) {
      expect(ours.some((p) => p.args.includes(bin)), `${bin} was running`).toBe(true);
    }
    await started.hub.close();
    expect(stillAlive(ours)).toEqual([]);
  }, 60_000);
});
