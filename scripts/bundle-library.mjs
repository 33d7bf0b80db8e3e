// Bundles the library entry points of dist/ (what bench arms, the shared
// yardstick and other programs import: dist/hub/hub.js, dist/session/session.js,
// …) in place of tsc's one-file-per-module output. Why: importing the hub
// read 96 compiled modules one by one (~90 ms, ~11 MB of RSS above a bare
// Node); the CLI has run bundled since #18 (scripts/bundle.mjs), and the
// library now loads as users of the app run it (BENCHMARKS.md §11).
//
// One esbuild build over all entries, with code splitting: a module that two
// entries share lands in one shared chunk, so a program importing
// dist/session/session.js and dist/hub/hub.js gets one McpSession class and
// one copy of every module-level state. tsc's other .js files are removed:
// left beside the bundles, an import of one of them would load a second copy.
// npm packages are bundled too (Ajv and re2js, loaded at the first output
// validation, take about half the time and a third of the RSS from one
// chunk as from their files in node_modules), except those whose objects
// cross the library's interface: a caller that renders dist/ui with its own
// Ink and React must share them with it (two Reacts break hooks).
//
// Called by scripts/bundle.mjs after the CLI bundle, which reads tsc's tree.
import {buildImportersFirst} from './importers-first.mjs';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {dirname, join, relative, resolve, sep} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

/**
 * The public entry points, relative to dist/. Every dist/ path that a file of
 * the repository imports must be one of them (the build checks, see
 * distImportsIn); programs outside it (the shared yardstick) use the
 * session, transport and hub entries.
 */
export const LIBRARY_ENTRIES = [
  'hub/hub.js',
  'session/session.js',
  'transport/stdio.js',
  'connection/connection.js',
  'ui/index.js',
  'state/app-state.js',
  'state/store.js',
  'state/selectors.js',
  'driver/text-batcher.js',
  // The signal tests run the CLI's modes from dist/ and raise a signal at a named stage.
  'cli/args.js',
  'cli/signals.js',
  'cli/modes/list-tools.js',
  'cli/modes/print.js',
];

/**
 * Entries that share modules with the hub (sanitize, names, the catalog
 * cache, the translation…) but are not in its graph. Each such entry cut the
 * hub's graph into more shared chunks: importing the hub read 17 files, and
 * Node's loader calls fileURLToPath so often for that many that its loop
 * reaches the optimizing compiler during the import, whose first job adds
 * ~4-5 MB to the process's RSS (issue #17, BENCHMARKS.md §11, h25b). These
 * entries import the hub's whole graph, so the modules they share with it
 * fall into its chunks; they are for tests and the TUI bench, which load a
 * little more for it. The protocol entries (session, connection, stdio)
 * are in the hub's graph already and keep their own smaller graphs.
 */
const WITH_HUB_GRAPH = ['ui/index.js', 'state/app-state.js', 'state/store.js', 'state/selectors.js', 'cli/modes/list-tools.js'];

/** Where the shared chunks go: one directory deep, as the entries and their sources are. */
const CHUNKS = 'chunks';
/** esbuild's record of which source module went into which output file. */
const LIBRARY_META = 'library-meta.json';
/** The first line of every output file: tells a bundle from tsc's output. */
const MARK = '// breakerbox library bundle (scripts/bundle-library.mjs)';

/**
 * dist/ paths the repository refers to that are not library entries but are
 * meant: the CLI bundle's own files, and the compiled CLI, which
 * bin/breakerbox.cjs runs only when tsc has run without the bundle step.
 */
const NOT_ENTRIES = [/^bundle\//, /^cli\/main\.js$/];

/** Where the repository's own code refers to dist/ files. */
const IMPORTERS = ['bench', 'scripts', 'test', 'bin', '.ci', 'package.json'];

/**
 * The library's esbuild options beside its entries and directories (also
 * used by bench/profile/hub-one-file.mjs, which builds the hub alone to
 * compare with this split build).
 */
export const LIBRARY_BUILD = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // undici: as in the CLI bundle (scripts/bundle.mjs). Ink stays a package here, and with it its devtools import.
  external: ['react', 'react/*', 'ink', 'ink/*', 'undici'],
  // As in the CLI bundle: ES module builds first (jsonc-parser's CommonJS
  // build is UMD), and CommonJS packages need require() for Node's built-ins.
  mainFields: ['module', 'main'],
  banner: {js: `import {createRequire as __bbRequire} from 'node:module'; const require = __bbRequire(import.meta.url);`},
  entryNames: '[dir]/[name]',
  chunkNames: `${CHUNKS}/chunk-[hash]`,
  // Less text to read and parse at every import; identifiers keep their names (stack traces).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
};

export async function bundleLibrary() {
  const unknown = distImportsIn(IMPORTERS).filter(({path}) => !LIBRARY_ENTRIES.includes(path) && !NOT_ENTRIES.some((re) => re.test(path)));
  if (unknown.length) {
    const lines = unknown.map(({path, file}) => `  dist/${path} (in ${file})`).join('\n');
    throw new Error(`bundle-library: these dist/ files are imported but are not library entries; add them to LIBRARY_ENTRIES in scripts/bundle-library.mjs (tsc's other files are removed after bundling):\n${lines}`);
  }
  for (const entry of LIBRARY_ENTRIES) {
    const file = join(DIST, entry);
    if (!existsSync(file)) throw new Error(`bundle-library: dist/${entry} is missing: run \`tsc -p tsconfig.build.json\` first (npm run build does)`);
    if (readFileSync(file, 'utf8').startsWith(MARK)) throw new Error(`bundle-library: dist/${entry} is already a bundle, not tsc's output: run \`npm run build\` (tsc, then the bundles)`);
  }

  const result = await buildImportersFirst({
    plugins: [importsHubGraph(WITH_HUB_GRAPH.map((e) => join(DIST, e)), join(DIST, 'hub/hub.js'))],
    entryPoints: LIBRARY_ENTRIES.map((e) => join(DIST, e)),
    outbase: DIST,
    outdir: DIST,
    write: false,
    metafile: true,
    ...LIBRARY_BUILD,
    banner: {js: `${MARK}\n${LIBRARY_BUILD.banner.js}`},
  });
  checkRelativeUrls(result.metafile);

  // tsc's files go, the bundles come: nothing left that a stray import could load twice.
  rmSync(join(DIST, CHUNKS), {recursive: true, force: true});
  for (const file of compiledFiles(DIST)) rmSync(file);
  removeEmptyDirs(DIST);
  for (const out of result.outputFiles) {
    mkdirSync(dirname(out.path), {recursive: true});
    writeFileSync(out.path, out.contents);
  }
  writeFileSync(join(DIST, LIBRARY_META), JSON.stringify(result.metafile));
}

/** esbuild plugin: each file of `importers` imports `hub` first (see WITH_HUB_GRAPH). */
function importsHubGraph(importers, hub) {
  const files = new Set(importers);
  return {
    name: 'imports-hub-graph',
    setup(b) {
      b.onLoad({filter: /\.js$/}, (args) => (files.has(args.path) ? {contents: `import ${JSON.stringify(hub)};${readFileSync(args.path, 'utf8')}`, loader: 'js'} : undefined));
    },
  };
}

/**
 * `new URL('../../package.json', import.meta.url)` resolves from the file the
 * code runs in: a module using a relative URL must land in an output file as
 * deep under dist/ as its own compiled file was.
 */
function checkRelativeUrls(metafile) {
  const depth = (distPath) => relative(DIST, join(ROOT, distPath)).split(sep).length;
  for (const [output, {inputs}] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(inputs)) {
      if (!input.startsWith('dist/')) continue;
      if (!/new URL\(\s*['"`]\.\.?\/[^)]*import\.meta\.url/.test(readFileSync(join(ROOT, input), 'utf8'))) continue;
      if (depth(input) !== depth(output)) throw new Error(`bundle-library: ${input} resolves a relative URL against import.meta.url, but lands in ${output} at another depth under dist/; its URL would point elsewhere`);
    }
  }
}

/** tsc's .js files: every .js under dist/ but the CLI bundle. */
function compiledFiles(dir) {
  return readdirSync(dir, {withFileTypes: true}).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return relative(DIST, path) === 'bundle' ? [] : compiledFiles(path);
    return d.name.endsWith('.js') ? [path] : [];
  });
}

function removeEmptyDirs(dir) {
  for (const d of readdirSync(dir, {withFileTypes: true})) if (d.isDirectory()) removeEmptyDirs(join(dir, d.name));
  if (dir !== DIST && readdirSync(dir).length === 0) rmSync(dir, {recursive: true});
}

/**
 * The dist/ files (relative to dist/) that files under `paths` refer to, in the
 * three forms the repository writes them: a path in a string ('../../dist/hub/hub.js'),
 * path segments after a root (join(ROOT, 'dist', 'hub', 'hub.js')), and a
 * helper taking the rest (dist('hub/hub.js'), fromDist('hub/hub.js')).
 * Packages' own dist/ folders (ajv/dist/…, PKG('server-x', 'dist/…')) do not match.
 */
export function distImportsIn(paths) {
  const found = [];
  for (const file of paths.flatMap((p) => sourceFiles(resolve(ROOT, p)))) {
    const text = readFileSync(file, 'utf8');
    const add = (path) => path.endsWith('.js') && found.push({path, file: relative(ROOT, file)});
    for (const m of text.matchAll(/(?<!\(\s*['"][^'"]*['"],\s*)[`'"](?:\.{1,2}\/)*dist\/([\w./-]+)/g)) add(m[1]);
    for (const m of text.matchAll(/\b[A-Za-z_]\w*,\s*['"]dist['"]((?:,\s*['"][\w.-]+['"])+)/g)) add(m[1].split(',').slice(1).map((s) => s.trim().slice(1, -1)).join('/'));
    for (const m of text.matchAll(/\b(?:dist|fromDist)\(\s*[`'"]([\w./-]+)/g)) add(m[1]);
  }
  return found;
}

function sourceFiles(path) {
  const stat = statSync(path, {throwIfNoEntry: false});
  if (!stat) return [];
  if (stat.isDirectory()) return /(^|\/)(node_modules|results)$/.test(path) ? [] : readdirSync(path).flatMap((n) => sourceFiles(join(path, n)));
  return /\.(m?[jt]sx?|cjs|json)$|\/\.ci\/run$/.test(path) ? [path] : [];
}
