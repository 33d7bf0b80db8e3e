// What N open connections of one yardstick arm keep on the JS heap, by kind
// (issue #17, BENCHMARKS.md §30): one start first (closed: code a first start
// brings in is not counted), then N servers opened at once (connect +
// listTools, as the yardstick's par10 does), two heap snapshots around them
// after full collections, and what the second has that the first had not
// (by V8's node ids), summed by type and constructor name. Run it for two
// arms (bb-session, bb-hub) and compare: what the hub keeps per server that
// a session does not. Load-independent (bytes, counts).
//
//   node --expose-gc bench/profile/open-heap.mjs <arm> [servers=10] [top=40]
//   TOOLS=1 … lists one tool a server (default 50); SNAPSHOT=prefix keeps the
//   snapshots (prefix-before/-after.heapsnapshot) for a closer look.
import {existsSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import v8 from 'node:v8';

const [armArg = 'bb-hub', serversArg = '10', topArg = '40'] = process.argv.slice(2);
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const YARDSTICK = process.env.YARDSTICK_DIR ?? [here('../../../shared/yardstick'), here('../../../../shared/yardstick')].find((d) => existsSync(`${d}/lib/worker.mjs`));
if (!YARDSTICK) throw new Error('no yardstick found: set YARDSTICK_DIR');
const armPath = existsSync(armArg) ? path.resolve(armArg) : path.join(YARDSTICK, 'arms', `${armArg}.mjs`);
const arm = await import(pathToFileURL(armPath).href);
const env = {BENCH_TOOLS: process.env.TOOLS ?? '50', BENCH_DELAY_MS: '0'};
const connect = () => arm.connect(process.execPath, [path.join(YARDSTICK, 'servers/bench-server.mjs')], {env});
const prefix = process.env.SNAPSHOT ?? path.join(os.tmpdir(), `open-heap-${process.pid}`);
const files = {before: `${prefix}-before.heapsnapshot`, after: `${prefix}-after.heapsnapshot`};

const first = await connect();
await first.listTools();
await first.close();
const settle = () => {
  globalThis.gc();
  globalThis.gc();
};
// The first snapshot of a process makes objects of its own: one is taken before `before`.
v8.writeHeapSnapshot(files.before);
settle();
const used0 = v8.getHeapStatistics().used_heap_size;
v8.writeHeapSnapshot(files.before);
const open = await Promise.all(Array.from({length: Number(serversArg)}, async () => {
  const c = await connect();
  await c.listTools();
  return c;
}));
settle();
const used1 = v8.getHeapStatistics().used_heap_size;
v8.writeHeapSnapshot(files.after);
await Promise.all(open.map((c) => c.close()));

const added = addedByKind(JSON.parse(readFileSync(files.before, 'utf8')), JSON.parse(readFileSync(files.after, 'utf8')));
if (!process.env.SNAPSHOT) for (const f of Object.values(files)) rmSync(f);
const total = [...added.values()].reduce((sum, r) => sum + r.size, 0);
console.log(JSON.stringify({arm: arm.name ?? armArg, tools: Number(env.BENCH_TOOLS), servers: open.length, heapKbPerServer: Math.round((used1 - used0) / open.length / 1024), newNodesKbPerServer: Math.round(total / open.length / 1024)}));
for (const [kind, {count, size}] of [...added.entries()].sort((a, b) => b[1].size - a[1].size).slice(0, Number(topArg))) {
  console.log(`${String(size).padStart(10)} ${String(count).padStart(7)}  ${kind}`);
}
process.exit(0);

/** Nodes of `after` whose id `before` has not: self size and count by "type:name" (strings and numbers by type). */
function addedByKind(before, after) {
  const ids = new Set();
  const b = before.snapshot.meta.node_fields;
  for (let i = 0; i < before.nodes.length; i += b.length) ids.add(before.nodes[i + b.indexOf('id')]);
  const {node_fields: fields, node_types: [types]} = after.snapshot.meta;
  const [typeAt, nameAt, sizeAt, idAt] = ['type', 'name', 'self_size', 'id'].map((f) => fields.indexOf(f));
  const {nodes, strings} = after;
  const out = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    if (ids.has(nodes[i + idAt])) continue;
    const type = types[nodes[i + typeAt]];
    const named = !['string', 'concatenated string', 'sliced string', 'number', 'heap number'].includes(type);
    const kind = named ? `${type}:${strings[nodes[i + nameAt]].slice(0, 80)}` : type;
    const row = out.get(kind) ?? {count: 0, size: 0};
    row.count++;
    row.size += nodes[i + sizeAt];
    out.set(kind, row);
  }
  return out;
}
