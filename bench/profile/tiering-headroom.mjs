// How far each function a process compiles with TurboFan is past V8's
// threshold, and what the compiler's first job costs the peak (issue #17,
// BENCHMARKS.md §35). V8 optimizes a function once it has run through its
// interrupt budget `3 + bytecode length / 150` times (bytecode executed in
// it, charged at returns and loop back-edges); raising the budget by a factor
// F leaves compiled only the functions that run more than F times what they
// need. So the factor at which a function drops out is its headroom: how much
// less work per listed tool would keep it unoptimized in that process. The
// peak and its file-backed part show what having no job at all is worth: the
// first job pages in the compiler's code from the node binary.
//
//   node bench/profile/tiering-headroom.mjs [factors=1,1.5,2,3,4,8] -- <node arguments>
//   e.g. … -- bench/arms/driver.mjs hub handshake '{"tools":1000,"pageSize":10,"warm":3}'
//        … -- --expose-gc bench/profile/parallel-allocation.mjs bb-hub
//
// Factor 0 runs with --no-opt (no TurboFan at all). The flags are for
// measuring only: nothing in breakerbox sets them.
import {spawnSync} from 'node:child_process';
import {unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** V8 11.3's default --interrupt-budget (Node 20): `node --v8-options`. */
const DEFAULT_BUDGET = 67584;

const split = process.argv.indexOf('--');
if (split === -1 || split === process.argv.length - 1) {
  console.error('usage: tiering-headroom.mjs [factors] -- <node arguments>');
  process.exit(2);
}
const factors = (process.argv.slice(2, split)[0] ?? '1,1.5,2,3,4,8').split(',').map(Number);
const target = process.argv.slice(split + 1);

// Written into the measured process: its peak and resident parts at exit, from the kernel.
const preload = join(tmpdir(), `tiering-headroom-${process.pid}.cjs`);
writeFileSync(preload, `process.on('exit', () => {
  const s = require('fs').readFileSync('/proc/self/status', 'utf8');
  const kb = (k) => Number(s.match(new RegExp(k + ':\\\\s+(\\\\d+)'))[1]);
  process.stderr.write('HEADROOM ' + JSON.stringify({peakKb: kb('VmHWM'), anonKb: kb('RssAnon'), fileKb: kb('RssFile')}) + '\\n');
});\n`);

for (const factor of factors) {
  const flags = factor === 0 ? ['--no-opt'] : [`--interrupt-budget=${Math.round(DEFAULT_BUDGET * factor)}`, '--trace-opt'];
  const run = spawnSync(process.execPath, [...flags, '-r', preload, ...target], {encoding: 'utf8', maxBuffer: 64 << 20});
  const out = `${run.stdout}\n${run.stderr}`;
  // An anonymous function prints as `<JSFunction (sfi = …)>`.
  const compiled = [...out.matchAll(/completed optimizing [^<]*<JSFunction ([^ >]*)/g)].map((m) => (m[1] === '(sfi' ? '(anonymous)' : m[1]));
  const status = out.match(/HEADROOM (\{.*\})/);
  const mem = status ? JSON.parse(status[1]) : undefined;
  const mb = (kb) => (kb / 1024).toFixed(1);
  console.log(`${factor === 0 ? '--no-opt' : `budget ×${factor}`}: peak ${mem ? mb(mem.peakKb) : '?'} MB (file ${mem ? mb(mem.fileKb) : '?'}, anon at exit ${mem ? mb(mem.anonKb) : '?'}); ${compiled.length} TurboFan jobs${compiled.length ? `: ${compiled.join(' ')}` : ''}${run.status ? ` (exit ${run.status})` : ''}`);
}
unlinkSync(preload);
