// esbuild plugins that change two packages' text as they are bundled, so
// that the TUI's build can run as CommonJS scripts with V8's code cache
// (scripts/mode-scripts.mjs): a script has no top-level await, and Ink's
// reconciler and yoga's entry each had one. Each plugin checks the text it
// replaces and fails the build when the package no longer has it.
import {readFileSync} from 'node:fs';

/** `text` with `from` replaced by `to`; throws, naming `what`, unless `from` occurs exactly once. */
function replaceOnce(text, from, to, what) {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`bundle: ${what}: expected the package's text once, found it ${parts.length - 1} times; check scripts/package-patches.mjs against the installed version`);
  return parts.join(to);
}

const YOGA_BINARY = /yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/;
const YOGA_ENTRY = /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/;
const DATA_URL = /H="data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)"/;

/**
 * Yoga (Ink's layout engine) ships its WebAssembly as a base64 data: URL
 * inside an emscripten factory whose promise its entry awaits at the top
 * level. Here the base64 text is exported from the factory's file (the
 * factory still reads it there) and the entry hands the factory an
 * `instantiateWasm` that compiles and instantiates at once: emscripten then
 * finishes the module before the factory returns, and nothing is awaited.
 * Nor does the factory ask `typeof fetch` any more (it does only when it
 * instantiates by itself): in Node that question loads Node's own undici
 * (~20-40 ms at a TUI start, BENCHMARKS.md startup).
 */
export const yogaLoadedAtOnce = {
  name: 'yoga-loaded-at-once',
  setup(b) {
    b.onLoad({filter: YOGA_BINARY}, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const found = DATA_URL.exec(text);
      if (!found) throw new Error(`bundle: ${args.path} has no base64 data: URL for the WebAssembly; check scripts/package-patches.mjs against the installed yoga-layout`);
      let contents = replaceOnce(text, found[0], 'H="data:application/octet-stream;base64,"+yogaWasmBase64', 'yoga\'s data: URL');
      contents = replaceOnce(contents, 'export default loadYoga;', `export default loadYoga;\nexport const yogaWasmBase64 = ${JSON.stringify(found[1])};`, 'yoga\'s factory export');
      return {contents, loader: 'js'};
    });
    b.onLoad({filter: YOGA_ENTRY}, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const awaited = 'const Yoga = wrapAssembly(await loadYoga());';
      const contents = replaceOnce(
        replaceOnce(text, "import loadYoga from '../binaries/yoga-wasm-base64-esm.js';", "import loadYoga, {yogaWasmBase64} from '../binaries/yoga-wasm-base64-esm.js';", 'yoga\'s import of its factory'),
        awaited,
        `const yogaModule = {
  instantiateWasm(imports, receive) {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(yogaWasmBase64, 'base64')), imports);
    receive(instance);
    return instance.exports;
  },
};
loadYoga(yogaModule);
if (!yogaModule.calledRun) throw new Error('yoga-layout did not start synchronously (scripts/package-patches.mjs)');
const Yoga = wrapAssembly(yogaModule);`,
        'yoga\'s top-level await',
      );
      return {contents, loader: 'js'};
    });
  },
};

const INK_RECONCILER = /ink[\\/]build[\\/]reconciler\.js$/;
const INK_DEVTOOLS = `if (isDev()) {
    try {
        await import('./devtools.js');
    }`;
const INK_PACKAGE_JSON = `const packageJson = isDev()
    ? await loadPackageJson()
    : { name: undefined, version: undefined };`;

/**
 * Ink's reconciler awaits two things at the top level, both only when the
 * environment says DEV=true: the React devtools connection
 * (react-devtools-core, which breakerbox neither installs nor bundles) and
 * Ink's package.json, whose name and version only the devtools show. Taken
 * out here: with DEV=true a user gets no devtools connection (in the bundle
 * it never worked: the import failed, and the package.json read, from a path
 * that the bundle does not have, ended the TUI with ENOENT).
 */
export const inkWithoutDevtools = {
  name: 'ink-without-devtools',
  setup(b) {
    b.onLoad({filter: INK_RECONCILER}, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const start = text.indexOf(INK_DEVTOOLS);
      // The devtools block ends where the next top-level statement starts.
      const end = text.indexOf('\nconst diff = ', start);
      if (start < 0 || end < 0) throw new Error(`bundle: ${args.path} no longer imports its devtools as expected; check scripts/package-patches.mjs against the installed ink`);
      let contents = text.slice(0, start) + text.slice(end);
      contents = replaceOnce(contents, INK_PACKAGE_JSON, 'const packageJson = { name: undefined, version: undefined };', 'ink\'s package.json read');
      return {contents, loader: 'js'};
    });
  },
};
