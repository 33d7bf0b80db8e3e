// bin/load-scripts.cjs: the loader of the list build's CommonJS scripts and
// their code cache (BENCHMARKS.md §37). Each case runs in a child process,
// as the bin does, on scripts written to a temporary directory.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/servers.js';

const LOADER = join(ROOT, 'bin/load-scripts.cjs');

/** Runs `main.cjs` of `dir` through the loader; prints what it exports as `main`'s result, and each compile's cache use. */
function run(dir: string, env: Record<string, string> = {}) {
  const program = `
    const vm = require('node:vm');
    const Script = vm.Script;
    vm.Script = class extends Script {
      constructor(code, options) {
        super(code, options);
        console.log('cache', require('node:path').basename(options.filename), options.cachedData ? (this.cachedDataRejected ? 'rejected' : 'used') : 'none');
      }
    };
    const m = require(${JSON.stringify(LOADER)}).loadScripts(${JSON.stringify(dir)}, './main.cjs', () => Promise.resolve({main: () => 'main build'}));
    Promise.resolve(m.main()).then((v) => console.log('result', JSON.stringify(v)));`;
  const out = spawnSync(process.execPath, ['-e', program], {encoding: 'utf8', env: {...process.env, ...env}});
  expect(out.stderr).toBe('');
  return out.stdout.trim().split('\n');
}

function scripts(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'bb-scripts-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('bin/load-scripts.cjs', () => {
  it('loads each script once, resolves a cycle as ES modules do, and hands the main build in', () => {
    const dir = scripts({
      // As esbuild's CommonJS output: the exports object with getters is set before anything runs.
      'main.cjs': `module.exports = {get main() { return main; }, get tag() { return tag; }};
        var other = require('./other.cjs'); var tag = 'main';
        function main() { return __bbImportMain().then((m) => [other.both(), m.main(), require('./other.cjs') === other]); }`,
      'other.cjs': `module.exports = {get both() { return both; }};
        var back = require('./main.cjs'); var path = require('node:path');
        function both() { return back.tag + '+' + path.basename('/x/other'); }`,
    });
    expect(run(dir)).toContain('result ["main+other","main build",true]');
  });

  it("names each script's own file URL, which stands for the import.meta.url of the module it was made from", () => {
    const dir = scripts({'main.cjs': `module.exports = {main: () => __bbFileUrl};`});
    expect(run(dir)).toContain(`result ${JSON.stringify(pathToFileURL(join(dir, 'main.cjs')).href)}`);
  });

  it('runs scripts in strict mode, as the ES modules they were made from', () => {
    const dir = scripts({'main.cjs': `module.exports = {main: () => { try { undeclared = 1; return 'sloppy'; } catch (e) { return e.name; } }};`});
    expect(run(dir)).toContain('result "ReferenceError"');
  });

  it('writes each code cache when asked, uses it the next time, and not once the script is newer than its cache', () => {
    const dir = scripts({'main.cjs': `module.exports = {main: () => require('./b.cjs').b() + 1};`, 'b.cjs': `module.exports = {b: () => 41};`});
    expect(run(dir)).toEqual(['cache main.cjs none', 'cache b.cjs none', 'result 42']);
    expect(run(dir, {BB_WRITE_CODE_CACHE: '1'})).toContain('result 42');
    expect(statSync(join(dir, 'main.cjs.cache')).size).toBeGreaterThan(0);
    expect(run(dir)).toEqual(['cache main.cjs used', 'cache b.cjs used', 'result 42']);
    // Changed after the build (same length, so V8's own check would take the cache): compiled from its text.
    writeFileSync(join(dir, 'b.cjs'), readFileSync(join(dir, 'b.cjs'), 'utf8').replace('41', '99'));
    const later = new Date(statSync(join(dir, 'b.cjs.cache')).mtimeMs + 5_000);
    utimesSync(join(dir, 'b.cjs'), later, later);
    expect(run(dir)).toEqual(['cache main.cjs used', 'cache b.cjs none', 'result 100']);
  });
  it('compiles a script whose cache cannot be read (here a directory) rather than failing the run', () => {
    const dir = scripts({'main.cjs': `module.exports = {main: () => 7};`});
    mkdirSync(join(dir, 'main.cjs.cache'));
    expect(run(dir)).toEqual(['cache main.cjs none', 'result 7']);
  });
  it('a cache it cannot write (a read-only install) is said on stderr, and the run still ends well', () => {
    const dir = scripts({'main.cjs': `module.exports = {main: () => 8};`});
    mkdirSync(join(dir, 'main.cjs.cache'));
    const out = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(LOADER)}).loadScripts(${JSON.stringify(dir)}, './main.cjs', () => {}).main()`], {encoding: 'utf8', env: {...process.env, BB_WRITE_CODE_CACHE: '1'}});
    expect(out.status).toBe(0);
    expect(out.stderr).toMatch(/no code cache written for .*main\.cjs: EISDIR/);
  });
});
