// Bundles the compiled CLI (dist/cli/main.js and everything it imports,
// npm packages included) into dist/bundle/, which bin/breakerbox.cjs runs.
// Why: at startup Node spent most of its time resolving and loading about
// 220 small modules (95 of them zod's) one by one; one file per mode loads
// several times faster (BENCHMARKS.md, startup). Code splitting keeps every
// lazy `import()` lazy: `--version` still loads only the parser, and Ink,
// React and the model SDKs stay in chunks of their own.
// Then it bundles the library entry points of dist/ in place of tsc's files
// (scripts/bundle-library.mjs): this build reads tsc's tree, so it comes first.
//
//   node scripts/bundle.mjs      (part of `npm run build`, after tsc)
import {fileURLToPath} from 'node:url';
import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {bundleLibrary} from './bundle-library.mjs';
import {buildImportersFirst} from './importers-first.mjs';
import {inkWithoutDevtools, yogaLoadedAtOnce} from './package-patches.mjs';
import {toScripts, writeCodeCache} from './mode-scripts.mjs';
import {writeTuiCodeCache} from './tui-code-cache.mjs';

const OUT = fileURLToPath(new URL('../dist/bundle/', import.meta.url));

const ENTRY = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
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
 * esbuild puts its runtime helpers (__commonJS, __toESM, __require) in a
 * chunk of their own per build, and has every chunk of that build import it
 * for its side effects (`import"./chunk-X.js";`), though it has none: it only
 * defines the helpers, and a file that uses one imports it by name. So
 * `--list-tools` loaded it before its first spawn twice (the main build's and
 * the list build's copy), ~0.9 ms of CPU and ~55 KB allocated in Node's
 * loader per file (BENCHMARKS.md §14). The bare imports go, in the files and
 * in the metafile (the startup tests read it); named imports stay.
 */
function dropRuntimeOnlyImports(outputs) {
  const ours = (path) => path.startsWith('dist/bundle/');
  // Made of no module of ours or of a package, importing no file of the bundle: esbuild's own helpers.
  const runtimes = Object.keys(outputs).filter((f) => f.endsWith('.js') && Object.keys(outputs[f].inputs).length === 0 && !outputs[f].imports.some((i) => ours(i.path)));
  if (runtimes.length === 0) throw new Error('bundle: no runtime chunk found; check dropRuntimeOnlyImports against esbuild\'s output');
  let dropped = 0;
  for (const runtime of runtimes) {
    const text = readFileSync(runtime, 'utf8');
    if (!/(^|\n|;)var __\w+=/.test(text)) throw new Error(`bundle: ${runtime} does not look like esbuild's runtime helpers`);
    const bare = `import"./${runtime.slice('dist/bundle/'.length)}";`;
    for (const [file, out] of Object.entries(outputs)) {
      if (!file.endsWith('.js')) continue;
      const source = readFileSync(file, 'utf8');
      if (!source.includes(bare)) continue;
      writeFileSync(file, source.replaceAll(bare, ''));
      // Still imported by name (`import{__toESM}from"./chunk-X.js"`): the import stays in the metafile.
      if (!source.replaceAll(bare, '').includes(`"./${runtime.slice('dist/bundle/'.length)}"`)) out.imports = out.imports.filter((i) => i.path !== runtime);
      dropped++;
    }
  }
  if (dropped === 0) throw new Error('bundle: no file imported a runtime chunk bare; check dropRuntimeOnlyImports against esbuild\'s output');
}

/**
 * A mode's entry (`list-main.js`, `tui-main.js`) comes out of esbuild as a
 * stub of one statement: it imports the parser and the mode from a chunk
 * (its whole static graph is shared with the mode's lazy chunks, so esbuild
 * puts it there) and makes `main`. Node's loader then takes a second file
 * before the first spawn: ~2 ms of CPU on the way to it (BENCHMARKS.md §34).
 * The stub's statement goes to the end of its chunk, the chunk takes the
 * entry's name, and every file that imported the chunk imports the entry.
 * Only the shape esbuild gives today is accepted; anything else fails the build.
 */
function mergeEntryStubs(outputs, entries) {
  for (const entry of entries) {
    const stub = readFileSync(entry, 'utf8');
    const m = /^import\{([\w$,]+)\}from"\.\/([\w-]+\.js)";var ([\w$]+)=([^;]*);export\{([\w$,]+)\};\s*$/.exec(stub);
    if (!m) throw new Error(`bundle: ${entry} is not the stub mergeEntryStubs expects; check it against esbuild's output`);
    const [, imported, chunkName, declared, init, exported] = m;
    const chunk = `dist/bundle/${chunkName}`;
    const chunkText = readFileSync(chunk, 'utf8');
    const chunkExports = /export\{([^}]*)\};?\s*$/.exec(chunkText)?.[1].split(',') ?? [];
    // The stub's names must be the chunk's own top-level names (exported as they are), and its
    // declared name must be new there: it is renamed to a name esbuild never makes.
    for (const name of imported.split(',')) {
      if (!chunkExports.includes(name)) throw new Error(`bundle: ${chunk} does not export ${name} under its own name, which ${entry} imports`);
    }
    if (new RegExp(`(?<![\\w$])${declared.replace(/\$/g, '\\$')}(?![\\w$])`).test(init)) throw new Error(`bundle: ${entry}'s ${declared} refers to itself`);
    const local = `__bbEntry_${declared}`;
    if (chunkText.includes(local)) throw new Error(`bundle: ${chunk} already names ${local}`);
    const reexported = exported.split(',').filter((name) => name !== declared);
    if (!exported.split(',').includes(declared) || reexported.some((name) => !chunkExports.includes(name))) throw new Error(`bundle: ${entry} exports what its chunk does not`);
    writeFileSync(entry, `${chunkText.trimEnd()}\nvar ${local}=${init};export{${local} as ${declared}};\n`);
    rmSync(chunk);
    for (const [file, out] of Object.entries(outputs)) {
      if (file === entry || file === chunk || !file.endsWith('.js')) continue;
      const text = readFileSync(file, 'utf8');
      if (text.includes(`"./${chunkName}"`)) writeFileSync(file, text.replaceAll(`"./${chunkName}"`, `"./${entry.slice('dist/bundle/'.length)}"`));
      for (const i of out.imports) if (i.path === chunk) i.path = entry;
    }
    const merged = outputs[chunk];
    outputs[entry] = {...merged, entryPoint: outputs[entry].entryPoint, inputs: {...merged.inputs, ...outputs[entry].inputs}, exports: [...new Set([...merged.exports, declared])], bytes: Buffer.byteLength(readFileSync(entry))};
    outputs[entry].imports = outputs[entry].imports.filter((i) => i.path !== entry);
    delete outputs[chunk];
  }
}

/**
 * The list modes (`--list-tools`, `--list-resources`, `--list-prompts`) and
 * the TUI are builds of their own: entry cli/<name>-main.js (the parser and
 * the mode, src/cli/mode-entry.ts), split only at that mode's own lazy
 * imports. Split with every other mode, the modules a list run needs were
 * spread over ~33 files (the TUI: ~38 before "online"), shared in different
 * ways by the other modes and the commands, and Node's ES module loader costs
 * about 0.5 ms of CPU per file (resolve, read, link), more in wall time on a
 * loaded machine (BENCHMARKS.md §10). Built apart, a list run loads a
 * handful. The bin imports `<name>-main.js` itself when the command line
 * names the mode, one dynamic import before the spawn where main.js and then
 * the mode were two (§28); the main build's mode table imports it as the
 * mode (external, beside it), and it hands any other command line to main.js
 * (external too). So no file of one build imports a file of another but
 * those entries, and a run loads each module once (the builds have their own
 * copies of shared modules, the parser and the signal handlers among them),
 * unless the bin's guess of the mode was wrong: then the parser loads twice.
 */
const MODES_APART = [
  {source: 'list-tools.js', name: 'list'},
  {source: 'tui.js', name: 'tui'},
];
const modeFile = (m) => `./${m.name}-main.js`;
const modesApart = {
  name: 'modes-apart',
  setup(b) {
    b.onResolve({filter: /^\.\/[\w-]+\.js$/}, (args) => {
      const mode = args.importer.endsWith('/cli/modes/index.js') && MODES_APART.find((m) => `./${m.source}` === args.path);
      return mode ? {path: modeFile(mode), external: true} : undefined;
    });
  },
};
/** In a mode's build: a command line that is not the mode's goes to the main build's entry. */
const mainApart = {
  name: 'main-apart',
  setup(b) {
    b.onResolve({filter: /^\.\/main\.js$/}, (args) => (args.importer.endsWith('/cli/mode-entry.js') ? {path: './main.js', external: true} : undefined));
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
  // undici (the proxy-aware dispatcher of remote servers, loaded at the first
  // HTTP request) stays a package: bundled, its named exports went missing.
  external: ['undici'],
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
const result = await buildImportersFirst({
  ...common,
  entryPoints: [ENTRY],
  // The same depth as dist/cli/: `new URL('../../package.json', import.meta.url)` still finds the package.
  entryNames: 'main',
  chunkNames: 'chunk-[hash]',
  plugins: [yogaLoadedAtOnce, inkWithoutDevtools, modesApart],
});
const builds = [result];
for (const mode of MODES_APART) {
  const imported = Object.values(result.metafile.outputs).some((o) => o.imports.some((i) => i.path === modeFile(mode) && i.external));
  if (!imported) throw new Error(`bundle: the main build no longer imports ${modeFile(mode)}; check MODES_APART against src/cli/modes/index.ts`);
  // Beside main.js, at the same depth; its chunks named apart from the other builds'.
  builds.push(
    await buildImportersFirst({
      ...common,
      entryPoints: {[`${mode.name}-main`]: fileURLToPath(new URL(`../dist/cli/${mode.name}-main.js`, import.meta.url))},
      entryNames: '[name]',
      chunkNames: `${mode.name}-chunk-[hash]`,
      plugins: [yogaLoadedAtOnce, inkWithoutDevtools, mainApart],
    }),
  );
}
const meta = {inputs: Object.assign({}, ...builds.map((r) => r.metafile.inputs)), outputs: Object.assign({}, ...builds.map((r) => r.metafile.outputs))};
dropRuntimeOnlyImports(meta.outputs);
dropUnusedRequire(Object.keys(meta.outputs).filter((f) => f.endsWith('.js')));
mergeEntryStubs(meta.outputs, MODES_APART.map((m) => `dist/bundle/${m.name}-main.js`));
// The list and TUI builds run as scripts with V8's code cache (scripts/mode-scripts.mjs).
for (const mode of MODES_APART) toScripts(meta.outputs, mode.name, REQUIRE_BANNER);
writeFileSync(`${OUT}meta.json`, JSON.stringify(meta));
await bundleLibrary();
// After the library bundle: the bin checks that the bundle is newer than tsc's files.
writeCodeCache(fileURLToPath(new URL('..', import.meta.url)), ['--list-tools']);
await writeTuiCodeCache(fileURLToPath(new URL('..', import.meta.url)));
