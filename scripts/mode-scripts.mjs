// A mode's ES module build made into CommonJS scripts that bin/load-scripts.cjs
// runs with V8's code cache, and that cache made by one run of the mode.
// Why: Node 20 caches no compiled code for ES modules, and its ES module
// loader costs each file a resolve and a link; a list run compiled ~320 KB
// and every function it called, most of its CPU after Node's own start
// (BENCHMARKS.md §37). esbuild splits code only in ES module output, so the
// build stays as it is and each of its files is turned into a script here.
import {transformSync} from 'esbuild';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const BUNDLE = 'dist/bundle/';

/**
 * Turns every file of the build `<name>-main.js` / `<name>-chunk-*.js` into
 * `<same>.cjs`, and leaves at `<name>-main.js` a module that loads them (the
 * main build imports it for that mode). `banner` is the `require` banner the
 * ES module files start with. The metafile's outputs take the new names.
 */
export function toScripts(outputs, name, banner) {
  const ours = new RegExp(`^${BUNDLE}${name}-(main|chunk-\\w+)\\.js$`);
  const files = Object.keys(outputs).filter((f) => ours.test(f));
  if (!files.includes(`${BUNDLE}${name}-main.js`)) throw new Error(`bundle: no ${name}-main.js to make scripts of`);
  const renamed = (path) => (ours.test(path) ? path.replace(/\.js$/, '.cjs') : path);
  let mainImports = 0;
  for (const file of files) {
    let text = readFileSync(file, 'utf8');
    // A script has Node's own require.
    if (text.startsWith(banner)) text = text.slice(banner.length);
    // A script has no import.meta; its own file's URL is what import.meta.url named (the TUI's
    // markdown makes a require from it for highlight.js).
    text = text.replaceAll('import.meta.url', '__bbFileUrl');
    if (text.includes('import.meta')) throw new Error(`bundle: ${file} uses import.meta beyond its url, which a script has not`);
    // The main build stays ES modules: the loader hands its import in.
    mainImports += text.split('import("./main.js")').length - 1;
    text = text.replaceAll('import("./main.js")', '__bbImportMain()');
    text = text.replace(new RegExp(`"\\./(${name}-(?:main|chunk-\\w+))\\.js"`, 'g'), '"./$1.cjs"');
    const {code} = transformSync(text, {
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      // import("./x.cjs") becomes a require of it in a resolved promise: one module system.
      // (A top-level await fails here: a script has none.)
      supported: {'dynamic-import': false},
      minifyWhitespace: true,
      logLevel: 'warning',
    });
    writeFileSync(renamed(file), code);
    rmSync(file);
    const out = outputs[file];
    delete outputs[file];
    outputs[renamed(file)] = {...out, imports: out.imports.map((i) => ({...i, path: renamed(i.path)})), bytes: Buffer.byteLength(code)};
  }
  if (mainImports !== 1) throw new Error(`bundle: the ${name} build imports ./main.js ${mainImports} times; one (src/cli/mode-entry.ts) was expected`);
  // The main build's way in: an ES module that runs the scripts (the bin loads them itself).
  const door = `${BUNDLE}${name}-main.js`;
  writeFileSync(
    door,
    `import {createRequire} from 'node:module';\n` +
      `import {fileURLToPath} from 'node:url';\n` +
      `const {loadScripts} = createRequire(import.meta.url)('../../bin/load-scripts.cjs');\n` +
      // fileURLToPath, not .pathname: a checkout under a path with a space or an accent.
      `const m = loadScripts(fileURLToPath(new URL('.', import.meta.url)), "./${name}-main.cjs", () => import('./main.js'));\n` +
      `export const run = m.run, main = m.main;\n`,
  );
  outputs[door] = {imports: [{path: `${BUNDLE}${name}-main.cjs`, kind: 'require-call'}], exports: ['run', 'main'], inputs: {}, bytes: Buffer.byteLength(readFileSync(door))};
}

/**
 * Runs `node bin/breakerbox.cjs <args>` in `root` (its bundled config and
 * servers) in a fresh state directory with BB_WRITE_CODE_CACHE set, so that
 * each script it loads writes its code cache. A run that fails leaves no
 * cache (the bin then compiles, only slower); the build says so and goes on.
 */
export function writeCodeCache(root, args) {
  const state = mkdtempSync(join(tmpdir(), 'bb-code-cache-'));
  try {
    const run = spawnSync(process.execPath, [join(root, 'bin/breakerbox.cjs'), ...args], {
      cwd: root,
      env: {PATH: process.env.PATH, HOME: state, XDG_STATE_HOME: state, NO_COLOR: '1', BB_WRITE_CODE_CACHE: '1'},
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (run.status !== 0) console.warn(`bundle: \`breakerbox ${args.join(' ')}\` failed (${run.error?.message ?? `exit ${run.status}`}); no code cache for it\n${run.stderr}`);
  } finally {
    rmSync(state, {recursive: true, force: true});
  }
}
