// What each mode loads (issue #18): `--version`/`--help` almost nothing,
// `--list-tools` no UI, no model SDK, no Ajv and no meta-schema, and the TUI writes its first
// frame before Ink is loaded. Structure, not time: the CLI runs under a
// loader hook that records every module it loads (test/fixtures/
// record-loads.mjs); modules inside the bundle are named through esbuild's
// metafile (dist/bundle/meta.json).
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {ROOT} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';
import {openPty, PTY_KIND} from '../ui/pty.js';

const HOOK = join(ROOT, 'test/fixtures/record-loads.mjs');

type BundleMeta = {outputs: Record<string, {inputs: Record<string, unknown>; imports: {path: string; kind: string; external?: boolean}[]}>};
const bundleMeta = () => JSON.parse(readFileSync(join(ROOT, 'dist/bundle/meta.json'), 'utf8')) as BundleMeta;

/** The source modules and packages a run loaded, in order, with its stdout writes, and the bundle files themselves. */
function readRecord(file: string): {modules: string[]; packages: Set<string>; lines: string[]; files: string[]} {
  const meta = bundleMeta();
  const files: string[] = [];
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
    if (!line.startsWith('load ')) {
      lines.push(line);
      continue;
    }
    const path = relative(ROOT, line.slice(5));
    // The CommonJS bin is named twice: by the loader hook (the main entry goes
    // through it under --import) and from require.cache at exit.
    if (seen.has(path)) continue;
    seen.add(path);
    if (path.startsWith('dist/bundle/')) {
      files.push(path);
      // Where in the run each file of the bundle was loaded.
      lines.push(`file ${path}`);
    }
    // A bundle file stands for the modules esbuild put in it.
    const inputs = meta.outputs[path]?.inputs;
    for (const m of inputs ? Object.keys(inputs) : [path]) lines.push(`load ${m}`);
  }
  const modules = lines.filter((l) => l.startsWith('load ')).map((l) => l.slice(5));
  const packages = new Set(modules.flatMap((m) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(m)?.[1] ?? []));
  return {modules, packages, lines, files};
}

async function loadsOf(args: string[], env: Record<string, string> = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'bb-loads-')), 'loads.txt');
  const run = await runCli(args, {env: {NODE_OPTIONS: `--import=${HOOK}`, BB_LOADED_FILE: file, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-state-')), ...env}});
  expect(run.code, run.stderr).toBe(0);
  return {...readRecord(file), stdout: run.stdout};
}

const packageVersion = () => (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {version: string}).version;

const UI_AND_SDKS = ['ink', 'react', 'yoga-layout', '@anthropic-ai/sdk', 'openai'];

describe('what each mode loads', () => {
  it.each([['--version'], ['-v']])('%s alone is answered by the bin script: no file of the bundle is loaded', async (flag) => {
    const {modules, stdout} = await loadsOf([flag]);
    expect(stdout).toBe(`breakerbox ${packageVersion()}\n`);
    expect(modules).toEqual(['bin/breakerbox.cjs']);
  }, 60_000);

  it('--version alone starts no more of the ES module loader than an empty CommonJS script: the bin is CommonJS', () => {
    const probe = join(ROOT, 'test/fixtures/esm-loader-probe.cjs');
    const run = (...args: string[]) => spawnSync(process.execPath, ['--require', probe, ...args], {cwd: ROOT, encoding: 'utf8'});
    const version = run(join(ROOT, 'bin/breakerbox.cjs'), '--version');
    expect(version.stdout).toBe(`breakerbox ${packageVersion()}\n`);
    // The probe run as the script: nothing but Node's own start.
    expect(version.stderr).toBe(run(probe).stderr);
    expect(version.stderr).toMatch(/^esm-modules .*\n$/);
  });

  it.each([{args: ['--version', '--json']}, {args: ['--help']}])('$args loads no package and only the entry, the parser and the command table', async ({args}) => {
    const {packages, modules, stdout, lines} = await loadsOf(args);
    expect(stdout).toMatch(/breakerbox/);
    expect(lines).not.toContain('stdin-opened');
    expect([...packages]).toEqual([]);
    const ours = modules.filter((m) => m.startsWith('dist/') || m.startsWith('src/'));
    expect(ours.some((m) => /cli\/args\.(js|ts)$/.test(m))).toBe(true);
    expect(ours.every((m) => /(^|\/)cli\/(main|args|flags|run-mode|commands\/index|commands\/io|modes\/index)\.(js|ts)$/.test(m)), ours.join(', ')).toBe(true);
    // With other flags, --version is the parser's, and says what the bin script says alone.
    if (args[0] === '--version') expect(stdout).toBe(`breakerbox ${packageVersion()}\n`);
  }, 60_000);

  it('--list-tools loads no UI, no model SDK (even with API keys set), no Ajv and no meta-schema', async () => {
    const {packages, modules, stdout, lines} = await loadsOf(['--list-tools'], {ANTHROPIC_API_KEY: 'sk-test', OPENAI_API_KEY: 'sk-test'});
    expect(stdout).toMatch(/notes +online/);
    // Nor does it open stdin (no login was needed): importing node:process, or passing process.stdin on, made the stream.
    expect(lines).not.toContain('stdin-opened');
    for (const name of UI_AND_SDKS) expect(packages.has(name), name).toBe(false);
    expect(modules.filter((m) => /\/ui\//.test(m))).toEqual([]);
    // Nor the precompiled meta-schema (64 KB) and its Ajv runtime helper: the bundled servers' schemas are all plain (plain-schema.ts).
    expect(modules.filter((m) => m.includes('node_modules/ajv/') || /meta-2020\.generated\.(js|ts)$/.test(m))).toEqual([]);
    expect(modules.some((m) => /hub\/output-validator\.(js|ts)$/.test(m))).toBe(false);
    // No zod: the config's checks are our own (src/config/checks.ts); zod/mini cost ~13 ms of CPU before the first spawn.
    expect(packages.has('zod'), 'zod').toBe(false);
    // Neither the --script checks (zod schemas built as their module loads) nor the saved-session code: a list has no model and no session.
    expect(modules.filter((m) => /agent\/models\/script\.(js|ts)$|sessions\/(recorder|load|list|prepare|replay|rebuild)\.(js|ts)$/.test(m))).toEqual([]);
    // Nor what only a question, a search or a remote server needs: the offline model, the tool-search
    // index (minisearch), a turn's code, the HTTP transport and its SSE parser (loaded at first use).
    expect([...packages].filter((p) => ['minisearch', 'eventsource-parser'].includes(p))).toEqual([]);
    expect(modules.filter((m) => /agent\/models\/(scripted|tool-picker)\.(js|ts)$|tool-search\/search-index\.(js|ts)$|driver\/(turn|search-call|call)\.(js|ts)$|transport\/http\/(?!param-headers)/.test(m))).toEqual([]);
    // Nor what only another output needs: the JSON's check of what each model API loses (OpenAI's strict
    // mode), the resources' and prompts' lists, and node:readline, which reads a pasted login URL (BENCHMARKS.md §26).
    expect(modules.filter((m) => /cli\/(list-tools-json|list-extras)\.(js|ts)$|agent\/models\/(provider-losses|openai-tools|openai-schema)\.(js|ts)$/.test(m))).toEqual([]);
    // Nor the driver: a list asks no model and no user, so its hub's events go straight into the store
    // (driver/hub-store.ts), and the driver's turns, manual calls, views and notices stay unloaded (BENCHMARKS.md §34).
    expect(modules.filter((m) => /driver\/(driver|inspect|manual-call|trust-notices|session-recording|login-dialog)\.(js|ts)$/.test(m))).toEqual([]);
    const builtinsAtExit = lines.find((l) => l.startsWith('builtins-at-exit '));
    expect(builtinsAtExit).toMatch(/child_process/);
    expect(builtinsAtExit!.slice('builtins-at-exit '.length).split(',')).not.toContain('readline');
  }, 90_000);

  it('--list-tools loads the list build alone: the bin imports its entry, and no file of the main build loads', async () => {
    const {files, stdout} = await loadsOf(['--list-tools']);
    expect(stdout).toMatch(/notes +online/);
    // Split with every other mode, a list run loaded ~36 files of the main build, each ~0.5 ms of
    // Node's loader (scripts/bundle.mjs); the list modes are a build of their own, with the parser in
    // it: main.js and its chunk are no hop on the way to the spawn (BENCHMARKS.md §28).
    expect(files.filter((f) => !/^dist\/bundle\/list-(main|chunk-\w+)\.cjs$/.test(f))).toEqual([]);
    expect(files[0]).toBe('dist/bundle/list-main.cjs');
    // A module loaded lazily no longer cuts what its importers load into small chunks of its own
    // (scripts/importers-first.mjs): 17 files before, each ~0.9 ms of CPU in Node's loader. Nor is
    // esbuild's runtime chunk loaded for nothing (scripts/bundle.mjs, dropRuntimeOnlyImports): 10 before.
    // Nor is the entry a stub that imports its chunk (mergeEntryStubs, BENCHMARKS.md §34): 4 before.
    expect(files.length).toBeLessThanOrEqual(3);
  }, 90_000);

  it('--list-tools loads one file of the bundle with what it imports statically before its first spawn', async () => {
    const {lines, stdout} = await loadsOf(['--list-tools']);
    expect(stdout).toMatch(/notes +online/);
    const firstSpawn = lines.findIndex((l) => l.startsWith('spawn '));
    const before = lines.slice(0, firstSpawn).filter((l) => l.startsWith('file ')).map((l) => l.slice(5));
    const entryStatic = bundleMeta()
      .outputs['dist/bundle/list-main.cjs']!.imports.filter((i) => i.kind === 'import-statement' && !i.external)
      .map((i) => i.path);
    expect(before.sort()).toEqual(['dist/bundle/list-main.cjs', ...entryStatic].sort());
    // Through main.js it was five: main.js, its chunk, the mode's file and its chunk after the bin;
    // then two, the entry and its chunk, until the entry became its chunk (scripts/bundle.mjs, mergeEntryStubs).
    expect(before).toEqual(['dist/bundle/list-main.cjs']);
  }, 90_000);

  it('--list-tools runs its scripts from the code cache the build made: each file it compiles before its list is written', async () => {
    const {lines, stdout} = await loadsOf(['--list-tools']);
    expect(stdout).toMatch(/notes +online/);
    const listed = lines.findIndex((l) => l.startsWith('stdout') && /Servers/.test(l));
    const caches = lines.slice(0, listed).filter((l) => l.startsWith('code-cache '));
    // The entry, the run's chunk and the hub's (bin/load-scripts.cjs; BENCHMARKS.md §37).
    expect(caches.length).toBeGreaterThanOrEqual(3);
    expect(caches.filter((l) => !l.endsWith(' used'))).toEqual([]);
  }, 90_000);

  it.each([
    {args: ['--list-tools', '--print', 'hi'], entry: 'list', file: 'list-main.cjs', code: 2, out: /--print and --list-tools cannot be used together/},
    {args: ['--list-tools', '--bogus'], entry: 'list', file: 'list-main.cjs', code: 2, out: /Unknown option '--bogus'/},
    {args: ['--json', '--list-tools', '--list-prompts'], entry: 'list', file: 'list-main.cjs', code: 2, out: /cannot be used together/},
    // Grouped short flags the bin does not read (-y -h): the TUI's entry parses a --help and hands it on.
    {args: ['-yh'], entry: 'tui', file: 'tui-main.cjs', code: 0, out: /breakerbox — a terminal MCP client/},
  ])('$args: the $entry entry hands what is not its mode to main, which answers it', async ({args, file: entryFile, code, out}) => {
    const file = join(mkdtempSync(join(tmpdir(), 'bb-loads-')), 'loads.txt');
    const run = await runCli(args, {env: {NODE_OPTIONS: `--import=${HOOK}`, BB_LOADED_FILE: file, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-state-'))}});
    expect(run.code, run.stderr).toBe(code);
    expect(code === 0 ? run.stdout : run.stderr).toMatch(out);
    const {files, lines} = readRecord(file);
    expect(lines.some((l) => l.startsWith('spawn '))).toBe(false);
    expect(files[0]).toBe(`dist/bundle/${entryFile}`);
    expect(files).toContain('dist/bundle/main.js');
  }, 60_000);

  it('--list-tools spawns both stdio servers before it loads the hub or the store', async () => {
    const {lines, stdout} = await loadsOf(['--list-tools']);
    expect(stdout).toMatch(/tickets +online/);
    const spawns = lines.flatMap((l, i) => (/^spawn \S*node servers\/(notes|tickets)\.mjs/.test(l) ? [i] : []));
    expect(spawns).toHaveLength(2);
    // Node's crypto module (~4 ms of CPU) loads after the spawns: the servers' tag is read from /dev/urandom.
    const builtinsAtSpawn = lines[spawns[0]! - 1]!;
    expect(builtinsAtSpawn).toMatch(/^builtins-now .*child_process/);
    expect(builtinsAtSpawn.slice('builtins-now '.length).split(',')).not.toContain('crypto');
    for (const re of [/hub\/hub\.(js|ts)$/, /driver\/hub-store\.(js|ts)$/, /state\/store\.(js|ts)$/]) {
      const at = lines.findIndex((l) => l.startsWith('load ') && re.test(l));
      expect(at, String(re)).toBeGreaterThan(Math.max(...spawns));
    }
  }, 90_000);
  it("the main build's mode table reaches the list scripts through list-main.js, their door", () => {
    // A command line the bin did not guess as a list goes to main.js, whose mode table imports list-main.js.
    const program = `import(${JSON.stringify(join(ROOT, 'dist/bundle/main.js'))}).then((m) => m.main(['--list-tools'])).then((code) => { process.exitCode = code; })`;
    const run = spawnSync(process.execPath, ['-e', program], {cwd: ROOT, encoding: 'utf8', env: {...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-state-'))}});
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/notes +online/);
    expect(readFileSync(join(ROOT, 'dist/bundle/list-main.js'), 'utf8')).toMatch(/loadScripts\(/);
  }, 90_000);

  it('--list-tools loads no node:os: the state directory asks it for a home only when neither XDG_STATE_HOME nor HOME is set', async () => {
    const {lines, stdout} = await loadsOf(['--list-tools']);
    expect(stdout).toMatch(/tickets +online/);
    const atExit = lines.find((l) => l.startsWith('builtins-at-exit '));
    expect(atExit).toBeDefined();
    const builtins = atExit!.slice('builtins-at-exit '.length).split(',');
    // Node 24's own fs/promises loads os (through readline's history); what is checked is
    // that breakerbox asks for it on no Node whose other modules the run loads do not.
    const others = builtins.filter((m) => m !== 'os');
    const nodeLoadsOs = execFileSync(process.execPath, ['-e', `for (const m of ${JSON.stringify(others)}) require('node:' + m); process.stdout.write(String(process.moduleLoadList.includes('NativeModule os')))`], {encoding: 'utf8'});
    if (nodeLoadsOs === 'false') expect(builtins).not.toContain('os');
    else expect(nodeLoadsOs).toBe('true');
  }, 90_000);
});

/** What a TUI run loaded (readRecord), typed /quit once its servers are online. */
async function tuiRun(): Promise<ReturnType<typeof readRecord>> {
  const file = join(mkdtempSync(join(tmpdir(), 'bb-loads-')), 'loads.txt');
  const pty = openPty(`NODE_OPTIONS=--import=${HOOK} BB_LOADED_FILE=${file} node bin/breakerbox.cjs`, ROOT, 120, 40);
  try {
    await waitFor(() => pty.screen().includes('online'), 'the servers online', 60_000);
    await pty.type('/quit');
    pty.enter();
    await waitFor(() => pty.exitCode() !== null, 'the process to exit', 60_000);
    return readRecord(file);
  } finally {
    pty.close();
  }
}

describe.skipIf(PTY_KIND === null)('the TUI in a terminal', () => {
  it('writes its first frame, then spawns its stdio servers, before it loads Ink, React or the hub', async () => {
    const {lines, files} = await tuiRun();
    // The TUI is a build of its own, with the parser in it (scripts/bundle.mjs): the bin imports its entry, and no file of the main build loads.
    expect(files.filter((f) => !/^dist\/bundle\/tui-(main|chunk-\w+)\.cjs$/.test(f))).toEqual([]);
    expect(files[0]).toBe('dist/bundle/tui-main.cjs');
    const frame = lines.findIndex((l) => l.startsWith('stdout') && l.includes('Conversation'));
    const firstOf = (re: RegExp) => lines.findIndex((l) => l.startsWith('load ') && re.test(l));
    expect(frame).toBeGreaterThan(-1);
    for (const re of [/node_modules\/ink\//, /node_modules\/react\//, /hub\/hub\.(js|ts)$/]) {
      const at = firstOf(re);
      expect(at, String(re)).toBeGreaterThan(frame);
    }
    // Nor zod at all: the config's checks are our own (src/config/checks.ts).
    expect(firstOf(/node_modules\/zod\//)).toBe(-1);
    // Nor the precompiled meta-schema: the bundled servers' schemas are all plain (plain-schema.ts).
    expect(firstOf(/meta-2020\.generated\.(js|ts)$/)).toBe(-1);
    // The servers boot while the hub, the driver and the store load; the hub takes them over (one spawn each).
    const spawns = lines.flatMap((l, i) => (/^spawn \S*node servers\/(notes|tickets)\.mjs/.test(l) ? [i] : []));
    expect(spawns).toHaveLength(2);
    expect(Math.min(...spawns)).toBeGreaterThan(frame);
    // Nor Node's crypto module (~4 ms of CPU) before them: the first frame's layout needs only the rows per tool and
    // per server (src/ui/panes/rows-per.ts), not the row builders, whose trust marks brought the pins' hashing.
    expect(lines[Math.min(...spawns) - 1]!.slice('builtins-now '.length).split(',')).not.toContain('crypto');
    for (const re of [/node_modules\/ink\//, /node_modules\/react\//, /hub\/hub\.(js|ts)$/]) expect(firstOf(re), String(re)).toBeGreaterThan(Math.max(...spawns));
    // The servers come first: the first frame's status line follows them before Ink loads (src/cli/servers-first.ts).
    const status = lines.findIndex((l) => l.startsWith('stdout') && /\d\/2 online · \d+ tools?/.test(l));
    expect(status).toBeGreaterThan(frame);
    expect(status).toBeLessThan(firstOf(/node_modules\/ink\//));
    // Loaded before the file with Ink (the servers have settled by then): 26 files, until each lazy module
    // stopped cutting its importers' graph into chunks of its own and the config, the spawn and the app
    // loaded as one chain (src/cli/tui-start.ts).
    const beforeInk = lines.slice(0, firstOf(/node_modules\/ink\//)).filter((l) => l.startsWith('file ')).slice(0, -1);
    expect(beforeInk.length, beforeInk.join('\n')).toBeLessThanOrEqual(16);
    // Yoga's WebAssembly is decoded from its data: URL, not fetched: `fetch` would load Node's undici.
    expect(lines.filter((l) => l.startsWith('builtin ') && l.includes('undici'))).toEqual([]);
  }, 120_000);

  // The build's TUI run needs script(1) (scripts/tui-code-cache.mjs); without it there is no cache to use.
  it.skipIf(spawnSync('sh', ['-c', 'command -v script']).status !== 0)('runs its scripts from the code cache the build made: each file it compiles until Ink draws the app', async () => {
    const {lines} = await tuiRun();
    // Ink's first output replaces the first frame: the second write that draws the Conversation pane.
    const appFrame = lines.flatMap((l, i) => (l.startsWith('stdout') && l.includes('Conversation') ? [i] : []))[1];
    expect(appFrame).toBeDefined();
    const caches = lines.slice(0, appFrame).filter((l) => l.startsWith('code-cache '));
    // The entry, the config-and-spawn chunk, the hub's, Ink's (with yoga and React's reconciler) and the panes' at least
    // (bin/load-scripts.cjs, scripts/tui-code-cache.mjs; BENCHMARKS.md §38).
    expect(caches.length).toBeGreaterThanOrEqual(5);
    expect(caches.filter((l) => !l.endsWith(' used'))).toEqual([]);
    const inkFile = lines.findIndex((l) => l.startsWith('load ') && /node_modules\/ink\//.test(l));
    expect(lines.slice(inkFile).find((l) => l.startsWith('code-cache '))).toMatch(/ used$/);
  }, 120_000);
});
