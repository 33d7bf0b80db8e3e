// Runs a mode built as CommonJS scripts (dist/bundle/<mode>-*.cjs, made by
// scripts/bundle.mjs from the mode's ES module build), each with the V8 code
// cache the build left beside it (<file>.cache).
// Why not Node's own loaders: Node 20 keeps no code cache for ES modules, nor
// for require(); compiling the list build's ~320 KB, and the functions a run
// calls, was most of a list run's CPU after the bin, and each file of it paid
// the ES module loader's resolve and link (BENCHMARKS.md §37).
'use strict';
const {readFileSync, statSync, writeFileSync} = require('node:fs');
const vm = require('node:vm');
const {join} = require('node:path');
const {pathToFileURL} = require('node:url');

// Node's CommonJS wrapper, strict as the ES modules these scripts were made from, and with two
// more names: the import of the main build, which a script cannot reach with import() of its own,
// and the file's URL, which stands for import.meta.url (scripts/mode-scripts.mjs).
const HEAD = '(function (exports, require, module, __filename, __dirname, __bbImportMain, __bbFileUrl) {"use strict";';
const TAIL = '\n})';

/**
 * Loads `entry` (`./<file name>` in `dir`, as the scripts require each other) and the scripts it requires, each once,
 * and returns its exports. `importMain` imports the main build's entry (a
 * command line the mode does not answer goes there).
 * With BB_WRITE_CODE_CACHE set, the process writes each script's code cache
 * at exit: the build runs a list that way (the cache then holds every
 * function that run compiled).
 */
function loadScripts(dir, entry, importMain) {
  const modules = new Map();
  const compiled = [];
  const requireFrom = (spec) => (spec.startsWith('./') ? load(spec.slice(2)) : require(spec));
  function load(name) {
    const known = modules.get(name);
    if (known) return known.exports;
    const file = join(dir, name);
    const source = readFileSync(file, 'utf8');
    const cachedData = cacheOf(file);
    const script = new vm.Script(HEAD + source + TAIL, {filename: file, cachedData});
    compiled.push({file, script});
    const module = {exports: {}};
    // Before it runs: a script that requires one that requires it back gets its exports object
    // (esbuild's CommonJS output sets it first, with getters), as ES modules' cycles resolve.
    modules.set(name, module);
    script.runInThisContext()(module.exports, requireFrom, module, file, dir, importMain, pathToFileURL(file).href);
    return module.exports;
  }
  if (process.env.BB_WRITE_CODE_CACHE) {
    process.once('exit', () => {
      for (const {file, script} of compiled) {
        try {
          writeFileSync(`${file}.cache`, script.createCachedData());
        } catch (err) {
          // A read-only install: the run itself went well, and says only why there is no cache.
          process.stderr.write(`breakerbox: no code cache written for ${file}: ${err.message}\n`);
        }
      }
    });
  }
  return requireFrom(entry);
}

/**
 * The code cache beside `file`, unless it is older than the file (a file
 * changed after the build; V8 itself checks only the length of the source,
 * its own version and its flags, and rejects the cache, never the run, when
 * they differ). Undefined when there is none or it cannot be read.
 */
function cacheOf(file) {
  const cache = `${file}.cache`;
  try {
    const made = statSync(cache, {throwIfNoEntry: false});
    if (!made || made.mtimeMs < statSync(file).mtimeMs) return undefined;
    return readFileSync(cache);
  } catch {
    // Unreadable (a directory, no permission): a cache is only a shortcut.
    return undefined;
  }
}

module.exports = {loadScripts};
