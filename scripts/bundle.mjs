// Bundles the compiled CLI (dist/cli/main.js and everything it imports,
// npm packages included) into dist/bundle/, which bin/breakerbox.mjs runs.
// Why: at startup Node spent most of its time resolving and loading about
// 220 small modules (95 of them zod's) one by one; one file per mode loads
// several times faster (BENCHMARKS.md, startup). Code splitting keeps every
// lazy `import()` lazy: `--version` still loads only the parser, and Ink,
// React and the model SDKs stay in chunks of their own.
// Then it bundles the library entry points of dist/ in place of tsc's files
// (scripts/bundle-library.mjs): this build reads tsc's tree, so it comes first.
//
//   node scripts/bundle.mjs      (part of `npm run build`, after tsc)
import {build} from 'esbuild';
import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {bundleLibrary} from './bundle-library.mjs';

const OUT = new URL('../dist/bundle/', import.meta.url).pathname;

/**
 * Yoga (Ink's layout engine) carries its WebAssembly as a base64 data: URL and
 * asks \`typeof fetch\` first; in Node that question loads Node's own undici
 * (~20-40 ms at every TUI start, BENCHMARKS.md startup), only to fetch the
 * data: URL it could decode itself. Built without the question, it decodes.
 */
const yogaWithoutFetch = {
  name: 'yoga-without-fetch',
  setup(b) {
    b.onLoad({filter: /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/}, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const contents = text.replaceAll('"function"!=typeof fetch', 'true');
      if (contents === text) console.warn(`bundle: ${args.path} no longer asks for fetch as expected; the TUI start loads undici again`);
      return {contents, loader: 'js'};
    });
  },
};
const ENTRY = new URL('../dist/cli/main.js', import.meta.url).pathname;
const REQUIRE_BANNER = "import {createRequire as __bbRequire} from 'node:module'; const require = __bbRequire(import.meta.url);";

/**
 * esbuild puts the banner on every file, but only a handful of the ~90 name
 * `require` (the runtime chunk's __require, and what mentions the word); each
 * createRequire costs ~0.2 ms of CPU at load, and `--list-tools` loads ~36
 * files (BENCHMARKS.md §10). Any mention of the word keeps it: a false
 * positive costs only the call.
 */
function dropUnusedRequire(files) {
  let dropped = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.startsWith(REQUIRE_BANNER)) throw new Error(`bundle: ${file} does not start with the require banner`);
    if (/(?<![\w$.])require\b/.test(text.slice(REQUIRE_BANNER.length))) continue;
    writeFileSync(file, text.slice(REQUIRE_BANNER.length).replace(/^\n/, ''));
    dropped++;
  }
  if (dropped === 0) throw new Error('bundle: no file dropped the require banner; check REQUIRE_BANNER against esbuild\'s output');
}
/**
 * The list modes (`--list-tools`, `--list-resources`, `--list-prompts`) are a
 * build of their own: entry cli/modes/list-tools.js, split only at its own
 * lazy imports. Split with every other mode, the modules a list run needs
 * were spread over ~33 files shared in different ways by the TUI, `--print`
 * and the commands, and Node's ES module loader costs about 0.5 ms of CPU
 * per file (resolve, read, link), more in wall time on a loaded machine
 * (BENCHMARKS.md §10). Built apart they are a handful: the spawn stage, what
 * the spawn stage and the hub share, and the hub stage. The main build
 * imports the mode as an external file beside it; no module of the main
 * build is loaded by the list build, so each module exists once per process
 * (both builds have copies of modules such as the signal handlers; a list run
 * loads only one of them).
 */
const LIST_ENTRY = new URL('../dist/cli/modes/list-tools.js', import.meta.url).pathname;
const LIST_MODE_FILE = './list-mode.js';
const listModeApart = {
  name: 'list-mode-apart',
  setup(b) {
    b.onResolve({filter: /^\.\/list-tools\.js$/}, (args) => (args.importer.endsWith('/cli/modes/index.js') ? {path: LIST_MODE_FILE, external: true} : undefined));
  },
};

// The library bundle removes tsc's files, this one among them.
if (!existsSync(ENTRY)) throw new Error('bundle: dist/cli/main.js is missing: run `tsc -p tsconfig.build.json` first (npm run build does)');
rmSync(OUT, {recursive: true, force: true});
const common = {
  // Which modules went into which file: the startup tests read it to name what a mode loaded.
  metafile: true,
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Ink's React devtools hook is loaded only in development (DEV=true) and is not installed.
  // undici (the proxy-aware dispatcher of remote servers, loaded at the first
  // HTTP request) stays a package: bundled, its named exports went missing.
  external: ['react-devtools-core', 'undici'],
  // ES module builds first: jsonc-parser's CommonJS build is UMD and require()s
  // its parts by computed paths, which a bundle cannot follow.
  mainFields: ['module', 'main'],
  // The bin sets NODE_ENV=production before loading anything: React's production build only.
  define: {'process.env.NODE_ENV': '"production"'},
  // CommonJS packages inside ESM chunks still call require() for Node's built-ins
  // (through esbuild's __require, in its runtime chunk). Kept only where used: see below.
  banner: {js: REQUIRE_BANNER},
  // Less text to read and parse at every start (--list-tools: ~20 ms of CPU less here,
  // BENCHMARKS.md startup); names are kept, so stack traces still say which function.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};
const result = await build({
  ...common,
  entryPoints: [ENTRY],
  // The same depth as dist/cli/: `new URL('../../package.json', import.meta.url)` still finds the package.
  entryNames: 'main',
  chunkNames: 'chunk-[hash]',
  plugins: [yogaWithoutFetch, listModeApart],
});
// Beside main.js, at the same depth; its chunks named apart from the main build's.
const list = await build({
  ...common,
  entryPoints: {'list-mode': LIST_ENTRY},
  entryNames: '[name]',
  chunkNames: 'list-chunk-[hash]',
  plugins: [yogaWithoutFetch],
});
const importsListMode = Object.values(result.metafile.outputs).some((o) => o.imports.some((i) => i.path === LIST_MODE_FILE && i.external));
if (!importsListMode) throw new Error(`bundle: the main build no longer imports ${LIST_MODE_FILE}; check listModeApart against src/cli/modes/index.ts`);
const outputs = {...result.metafile.outputs, ...list.metafile.outputs};
dropUnusedRequire(Object.keys(outputs).filter((f) => f.endsWith('.js')));
writeFileSync(`${OUT}meta.json`, JSON.stringify({inputs: {...result.metafile.inputs, ...list.metafile.inputs}, outputs}));
await bundleLibrary();
