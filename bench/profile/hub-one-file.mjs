// The library's hub built as one file, for measuring only (issue #17, h25b).
// dist/hub/hub.js is an entry of the library bundle (scripts/bundle-library.mjs)
// whose code splitting gives one copy of every module to a program importing
// several entries, but cuts the hub's graph into 17 files. Loading 17 files
// calls Node's fileURLToPath often enough that its loop (getPathFromURLPosix)
// reaches the optimizing compiler during the import, and TurboFan's first job
// costs ~4-5 MB of RSS whatever it compiles (BENCHMARKS.md §11). This builds
// the same sources with the hub as the only entry into <dir>/dist (lazy
// modules still in chunks of their own), so the yardstick can pair the two:
//
//   node bench/profile/hub-one-file.mjs /tmp/hub-one
//   BB_BASE_DIR=/tmp/hub-one node ../shared/yardstick/run.mjs --only discover50 \
//     --arms raw,bb-hub,bench/profile/yardstick/bb-hub-base.mjs
import {execFileSync} from 'node:child_process';
import {mkdirSync, rmSync, symlinkSync, copyFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {LIBRARY_BUILD} from '../../scripts/bundle-library.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const out = process.argv[2];
if (!out) throw new Error('usage: node bench/profile/hub-one-file.mjs <dir>');
const compiled = join(out, 'tsc');
rmSync(out, {recursive: true, force: true});
mkdirSync(out, {recursive: true});
execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', compiled], {stdio: 'inherit'});
const result = await build({
  entryPoints: [join(compiled, 'hub/hub.js')],
  outbase: compiled,
  outdir: join(out, 'dist'),
  ...LIBRARY_BUILD,
  // The compiled files lie outside the repository: packages from its node_modules.
  nodePaths: [join(ROOT, 'node_modules')],
  metafile: true,
});
copyFileSync(join(ROOT, 'package.json'), join(out, 'package.json'));
symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'));
for (const [file, o] of Object.entries(result.metafile.outputs)) process.stdout.write(`${file} ${o.bytes} bytes${o.entryPoint ? ' (entry)' : ''}\n`);
