// esbuild splits code by the set of entry points that reach each module, and
// every `import()` target counts as an entry point. So making a module lazy
// (the HTTP transport, a turn's code, the offline model) also cut the modules
// it shares with its importer's graph out into small chunks of their own:
// files that every start then loaded, each ~0.9 ms of CPU in Node's loader
// (BENCHMARKS.md §12), more than compiling a few KB costs.
//
// A module only ever reached through `import()` runs after its importers'
// own imports have run. Importing those same modules from it again changes
// nothing at run time, but tells esbuild that every module of the importer's
// graph is also in the lazy module's graph: the lazy module no longer splits
// that graph, and only what is its own goes into its chunks. This build
// finds those modules in a first pass (esbuild's metafile) and adds the
// imports in a second.
import {build} from 'esbuild';
import {readFileSync} from 'node:fs';
import {relative, resolve} from 'node:path';

/** esbuild's build, twice: the second with each lazy module importing what is loaded whenever it loads. */
export async function buildImportersFirst(options) {
  const first = await build({...options, write: false, metafile: true, logLevel: 'silent'});
  const added = importsToAdd(first.metafile, entryPaths(options.entryPoints));
  return build({
    ...options,
    plugins: [...(options.plugins ?? []), addImports(added)],
    // A package that declares itself free of side effects (zod, Ajv) has its
    // added import dropped, with a warning per import: it may still split.
    logOverride: {...options.logOverride, 'ignored-bare-import': 'silent'},
  });
}

/**
 * For each module reached only through `import()` (and not an entry point,
 * which a program may import directly): the modules certainly loaded before
 * it is, i.e. in the static graph of every entry (or lazy module) that
 * any of its importers can have been loaded with, and of what those need
 * loaded first. Absolute path → absolute paths.
 */
export function importsToAdd(metafile, entries) {
  const inputs = metafile.inputs;
  const lazyBy = new Map();
  const imported = new Set();
  for (const [file, input] of Object.entries(inputs)) {
    for (const i of input.imports) {
      if (i.external) continue;
      if (i.kind === 'dynamic-import') lazyBy.set(i.path, (lazyBy.get(i.path) ?? new Set()).add(file));
      else imported.add(i.path);
    }
  }
  const lazy = [...lazyBy.keys()].filter((t) => inputs[t] && !imported.has(t) && !entries.has(t));
  const userEntries = [...entries].filter((e) => inputs[e]);
  const closures = new Map();
  const closure = (root) => {
    let seen = closures.get(root);
    if (seen) return seen;
    seen = new Set([root]);
    for (const file of seen) for (const i of inputs[file]?.imports ?? []) if (!i.external && i.kind !== 'dynamic-import') seen.add(i.path);
    closures.set(root, seen);
    return seen;
  };
  const roots = [...userEntries, ...lazy];
  const before = new Map();
  /** What is certainly loaded before `target` is: a cycle among lazy modules gives nothing. */
  const loadedBefore = (target) => {
    if (before.has(target)) return before.get(target) ?? new Set();
    before.set(target, undefined);
    let common;
    for (const importer of lazyBy.get(target)) {
      for (const root of roots.filter((r) => closure(r).has(importer))) {
        const loaded = new Set(closure(root));
        if (!entries.has(root)) for (const f of loadedBefore(root)) loaded.add(f);
        common = common ? new Set([...common].filter((f) => loaded.has(f))) : loaded;
      }
    }
    const result = common ?? new Set();
    before.set(target, result);
    return result;
  };
  // An entry whose code has a file of its own keeps it (a program that imports
  // it, or the CLI's first file, would otherwise load one file more); one
  // already shared with other entries is a chunk's like any other module.
  const ownFile = new Set(Object.values(metafile.outputs).flatMap((o) => (o.entryPoint && o.inputs[o.entryPoint] ? [o.entryPoint] : [])));
  const added = new Map();
  for (const target of lazy) {
    const paths = [...loadedBefore(target)].filter((f) => f !== target && !ownFile.has(f));
    if (paths.length) added.set(resolve(target), paths.map((p) => resolve(p)));
  }
  return added;
}

/** The entry points as metafile paths (relative to the working directory). */
function entryPaths(entryPoints) {
  const list = Array.isArray(entryPoints) ? entryPoints : Object.values(entryPoints);
  return new Set(list.map((e) => relative(process.cwd(), resolve(typeof e === 'string' ? e : e.in))));
}

function addImports(added) {
  return {
    name: 'importers-first',
    setup(b) {
      b.onLoad({filter: /\.js$/}, (args) => {
        const paths = added.get(args.path);
        if (!paths) return undefined;
        const imports = paths.map((p) => `import ${JSON.stringify(p)};`).join('');
        return {contents: imports + readFileSync(args.path, 'utf8'), loader: 'js'};
      });
    },
  };
}
