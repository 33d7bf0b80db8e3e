#!/usr/bin/env node
// The installed entry point: runs the bundled CLI (dist/bundle/, made by
// `npm run build`: tsc, then scripts/bundle.mjs; `npm install` runs it).
// Without a bundle, or with one older than the last `tsc` build (tsc run
// alone), it runs dist/cli/ as compiled: the current code, only slower to start.
// CommonJS, so that `--version` never starts Node's ES module loader (~4 ms of
// a ~25 ms start here); every other mode imports the ES module bundle.
'use strict';
const {readFileSync, statSync} = require('node:fs');
const {pathToFileURL} = require('node:url');
const {join} = require('node:path');

const argv = process.argv.slice(2);
if (!printVersion(argv)) {
  // React's development build checks and warns on every render; users get the production one.
  process.env.NODE_ENV ??= 'production';
  const root = join(__dirname, '..');
  const mtime = (path) => statSync(path, {throwIfNoEntry: false})?.mtimeMs ?? -1;
  const dir = mtime(join(root, 'dist/bundle/main.js')) >= mtime(join(root, 'dist/cli/main.js')) ? 'dist/bundle' : 'dist/cli';
  const entry = entryFor(argv);
  const importFile = (name) => import(pathToFileURL(join(root, dir, name)).href);
  // The bundle's list modes and TUI are CommonJS scripts run with V8's code cache (./load-scripts.cjs).
  const loaded =
    dir === 'dist/bundle' && entry !== 'main.js'
      ? new Promise((resolve) => resolve(require('./load-scripts.cjs').loadScripts(join(root, dir), `./${entry.replace(/\.js$/, '.cjs')}`, () => importFile('main.js'))))
      : importFile(entry);
  loaded
    .then(({main}) => main(argv))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (err) => {
        process.stderr.write(`breakerbox: unexpected error: ${err?.stack ?? err}\n`);
        process.exitCode = 1;
      },
    );
}

/**
 * Which entry to import: a mode that spawns servers has a file of its own
 * with the parser in it (src/cli/mode-entry.ts), one dynamic import before
 * the spawn where main.js and then the mode were two (BENCHMARKS.md §28).
 * Only a guess, by the flags named: that file parses the command line for
 * real and hands whatever is not its mode to main.js, so a wrong guess costs
 * time, never a different answer.
 */
function entryFor(args) {
  const first = args[0];
  if (first !== undefined && (!first.startsWith('-') || first === '--export')) return 'main.js';
  const named = (flags) => args.some((a) => flags.some((f) => a === f || a.startsWith(`${f}=`)));
  if (named(['--list-tools', '--list-resources', '--list-prompts'])) return 'list-main.js';
  // Any other mode's flag, or one the TUI's parse would refuse together with it: main answers.
  if (named(['--print', '-p', '--self-check', '--sessions', '--help', '-h', '--version', '-v'])) return 'main.js';
  return 'tui-main.js';
}

/**
 * `breakerbox --version` (or `-v`) alone is answered here, as src/cli/main.ts
 * answers it with other flags: loading the bundle's entry and parser cost about
 * as much again as Node's own start (BENCHMARKS.md, startup). False when it
 * is not that command, or package.json cannot be read (main then says so).
 */
function printVersion(args) {
  if (args.length !== 1 || (args[0] !== '--version' && args[0] !== '-v')) return false;
  let version;
  try {
    version = JSON.parse(readFileSync(join(__dirname, '../package.json'), 'utf8')).version;
  } catch {
    return false;
  }
  if (typeof version !== 'string') return false;
  // As main's output does (src/cli/commands/io.ts): a reader that has gone (`| true`) is no error.
  process.stdout.on('error', (err) => {
    if (err.code !== 'EPIPE') throw err;
  });
  process.stdout.write(`breakerbox ${version}\n`);
  return true;
}
