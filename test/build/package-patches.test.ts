// scripts/package-patches.mjs: the changes to Ink's and yoga's text that let
// the TUI's build run as CommonJS scripts (no top-level await), each bundled
// here alone, as scripts/bundle.mjs bundles them, and each failing the build
// when the package's text is not what it expects.
import {build, type Plugin} from 'esbuild';
import {cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
// @ts-expect-error a build script, plain JavaScript
import {inkWithoutDevtools, yogaLoadedAtOnce} from '../../scripts/package-patches.mjs';
import {ROOT} from '../helpers/servers.js';

/** `entry` (a module name resolved from `dir`) bundled as one CommonJS file into a temporary directory; its path. */
async function bundleAsScript(entry: string, plugins: Plugin[], dir = ROOT): Promise<string> {
  const out = join(mkdtempSync(join(tmpdir(), 'bb-patches-')), 'out.cjs');
  // What `dir` has not, the project has (a changed copy of one package is in `dir`).
  const nodePaths = [join(ROOT, 'node_modules')];
  await build({stdin: {contents: `module.exports = require(${JSON.stringify(entry)});`, resolveDir: dir}, bundle: true, format: 'cjs', platform: 'node', target: 'node20', outfile: out, logLevel: 'silent', plugins, nodePaths});
  return out;
}

describe('scripts/package-patches.mjs', () => {
  it('yoga: its entry runs as a script, and has its WebAssembly ready when it returns', async () => {
    const file = await bundleAsScript('yoga-layout', [yogaLoadedAtOnce as Plugin]);
    const Yoga = createRequire(import.meta.url)(file).default;
    const root = Yoga.Node.create();
    root.setWidth(120);
    const child = Yoga.Node.create();
    child.setFlexGrow(1);
    root.insertChild(child, 0);
    root.calculateLayout(undefined, undefined);
    expect(child.getComputedWidth()).toBe(120);
    root.freeRecursive();
  });

  it("Ink runs as a script: neither of its reconciler's DEV=true awaits is left", async () => {
    const file = await bundleAsScript('ink', [inkWithoutDevtools as Plugin, yogaLoadedAtOnce as Plugin]);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toMatch(/devtools\.js|react-devtools-core/);
    expect(text).not.toMatch(/await loadPackageJson\(\)/);
  });

  it.each([
    {name: 'yoga', entry: 'yoga-layout', path: 'yoga-layout/dist/src/index.js', from: 'wrapAssembly(await loadYoga())', to: 'wrapAssembly(await loadYoga(1))'},
    {name: 'yoga', entry: 'yoga-layout', path: 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js', from: 'H="data:application/octet-stream;base64,', to: 'H=base64Wasm+"'},
    {name: 'ink', entry: 'ink', path: 'ink/build/reconciler.js', from: "await import('./devtools.js');", to: "await import('./devtools-v2.js');"},
    {name: 'ink', entry: 'ink', path: 'ink/build/reconciler.js', from: '? await loadPackageJson()', to: '? await readPackage()'},
  ])('fails the build when $path no longer has the text it replaces', async ({name, entry, path, from, to}) => {
    // A copy of the package with one piece of its text changed, as a new version might have it.
    const dir = mkdtempSync(join(tmpdir(), 'bb-patches-pkg-'));
    const pkg = path.split('/')[0]!;
    cpSync(join(ROOT, 'node_modules', pkg), join(dir, 'node_modules', pkg), {recursive: true, dereference: true});
    const text = readFileSync(join(dir, 'node_modules', path), 'utf8');
    expect(text).toContain(from);
    writeFileSync(join(dir, 'node_modules', path), text.replace(from, to));
    mkdirSync(join(dir, 'src'));
    const plugins = (name === 'yoga' ? [yogaLoadedAtOnce] : [inkWithoutDevtools, yogaLoadedAtOnce]) as Plugin[];
    await expect(bundleAsScript(entry, plugins, join(dir, 'src'))).rejects.toThrow(/check scripts\/package-patches\.mjs/);
  });
});
