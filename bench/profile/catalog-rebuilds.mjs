// What the hub's table rebuilds cost while servers come online one by one
// (issue #17, the `many` row): <servers> servers of <tools> tools join a table
// one at a time, one rebuild each (the worst case of a start whose servers
// come online further apart than the startup burst window). Prints one JSON
// line: bytes allocated (load-independent) and CPU. How many tools each
// rebuild translates is counted by test/hub/catalog-incremental.test.ts.
//
//   node --expose-gc --import tsx bench/profile/catalog-rebuilds.mjs [servers=10] [tools=50] [module]
//
// module: a bundle of src/hub/catalog.ts to measure instead (for a pair with
// another build: `npx esbuild <tree>/src/hub/catalog.ts --bundle
// --platform=node --format=esm --outfile=/tmp/catalog-x.mjs`).
import v8 from 'node:v8';
import {allocatedBytes} from './allocated.mjs';

if (!globalThis.gc) throw new Error('run with node --expose-gc');
const [serversArg = '10', toolsArg = '50', modulePath] = process.argv.slice(2);
const {buildCatalog, EMPTY_CATALOG} = await import(modulePath ?? new URL('../../src/hub/catalog.ts', import.meta.url).href);
const servers = Number(serversArg);
const tools = Number(toolsArg);
// The bench server's shape of tool (bench/server/bench-server.mjs): a short description, two parameters.
const list = (alias) =>
  Array.from({length: tools}, (_, i) => ({
    name: `tool_${String(i).padStart(4, '0')}`,
    description: `Tool ${i} of ${alias}: does a thing with care.`,
    inputSchema: {type: 'object', properties: {q: {type: 'string', description: 'the query'}, n: {type: 'number'}}, required: ['q']},
  }));
const lists = Array.from({length: servers}, (_, s) => ({alias: `s${s}`, trusted: false, tools: list(`s${s}`)}));

gc();
const profiler = new v8.GCProfiler();
const used0 = v8.getHeapStatistics().used_heap_size;
const cpu0 = process.cpuUsage();
profiler.start();
const online = [];
let table = EMPTY_CATALOG;
for (const server of lists) {
  online.push(server);
  table = buildCatalog(online, table).catalog;
}
const stats = profiler.stop();
const cpu = process.cpuUsage(cpu0);
const allocated = allocatedBytes(stats, used0, v8.getHeapStatistics().used_heap_size);
console.log(JSON.stringify({servers, tools, tables: servers, entries: table.entries.length, allocatedMb: +(allocated / 1e6).toFixed(2), cpuMs: +((cpu.user + cpu.system) / 1000).toFixed(1)}));
