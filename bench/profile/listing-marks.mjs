// Where a warm 1,000-tool hub start spends its wall time and its main
// thread's CPU, mark by mark (issue #17, BENCHMARKS.md §21): the first page
// listed, the last page, the server online, the table rebuilt, start()
// resolved. CPU is the main thread's own (/proc/thread-self/schedstat, in
// ns), not the process's: TurboFan's and the GC's helper threads run beside
// it and process.cpuUsage() counts them too.
//
//   node bench/profile/listing-marks.mjs [root=.] [warm starts=10] [tools=1000] [pageSize=10] [pins=fresh|kept]
//
// pins: `fresh` (as the bench arms and the yardstick make their hubs) gives
// every start a new pin store, so each start is a first sight of the server;
// `kept` shares one store between the starts, so each start after the first
// compares its listing with the pins kept, as the app's warm start does.
//
// root: a checkout with dist/ built (another build's, to pair two). Medians
// over the warm starts (two unmeasured starts first). Linux only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [rootArg = '.', warmArg = '10', tools = '1000', page = '10', pinsArg = 'fresh'] = process.argv.slice(2);
if (pinsArg !== 'fresh' && pinsArg !== 'kept') throw new Error(`pins: fresh or kept, not ${pinsArg}`);
const root = path.resolve(rootArg);
const { Hub } = await import(pathToFileURL(path.join(root, 'dist/hub/hub.js')).href);
const SERVER = fileURLToPath(new URL('../server/bench-server.mjs', import.meta.url));
const env = { ...process.env, BENCH_TOOLS: tools, BENCH_PAGE_SIZE: page };
const threadCpuMs = () => Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;

// The hub's PinStore interface (src/hub/trust/pins.ts), in memory.
const keptPins = new Map();
const keptStore = { load: (alias) => keptPins.get(alias), save: (alias, pins) => void keptPins.set(alias, pins), reset: (alias) => void keptPins.delete(alias) };

const rows = [];
for (let i = 0; i < Number(warmArg) + 2; i++) {
  const marks = {};
  const t0 = performance.now();
  const c0 = threadCpuMs();
  const mark = (key) => (marks[key] = [performance.now() - t0, threadCpuMs() - c0]);
  const onEvent = (e) => {
    if (e.type === 'server/page-listed') {
      if (e.page.index === 1) mark('page1');
      if (e.page.cursorOut === undefined) mark('lastPage');
    } else if (e.type === 'server/online') mark('online');
    else if (e.type === 'catalog/rebuilt') mark('rebuilt');
  };
  const hub = new Hub({ servers: [{ alias: 'bench', command: process.execPath, args: [SERVER], env, startupTimeoutMs: 30_000, callTimeoutMs: 60_000 }], onEvent, ...(pinsArg === 'kept' ? { pins: keptStore } : {}) });
  await hub.start();
  mark('started');
  if (hub.catalog.entries.length !== Number(tools)) throw new Error(`listed ${hub.catalog.entries.length} tools`);
  await hub.close();
  if (i >= 2) rows.push(marks);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const at = (key, k) => +median(rows.map((r) => r[key][k])).toFixed(1);
const between = (from, to, k) => +median(rows.map((r) => r[to][k] - r[from][k])).toFixed(1);
process.stdout.write(
  JSON.stringify({
    root,
    pins: pinsArg,
    marks: Object.fromEntries(['page1', 'lastPage', 'online', 'rebuilt', 'started'].map((key) => [key, { wallMs: at(key, 0), cpuMs: at(key, 1) }])),
    pages: { wallMs: between('page1', 'lastPage', 0), cpuMs: between('page1', 'lastPage', 1) },
    afterLastPage: { wallMs: between('lastPage', 'started', 0), cpuMs: between('lastPage', 'started', 1) },
  }) + '\n',
);
process.exit(0);
