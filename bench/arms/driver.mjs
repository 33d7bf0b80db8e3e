// One benchmark sample in a fresh process: `node bench/arms/driver.mjs <arm> <scenario> '<json params>'`.
// The same scenario code drives every arm through a four-method adapter
// (connect, listAll, caller, close), so arms differ only in the client library.
// Prints one JSON line: the metrics of this sample.
//
// Plain JavaScript on purpose: no TypeScript loader in the process being measured.

import { fileURLToPath } from 'node:url';

const [armName, scenario, paramsJson = '{}'] = process.argv.slice(2);
const params = JSON.parse(paramsJson);
const SERVER = fileURLToPath(new URL('../server/bench-server.mjs', import.meta.url));
const ARMS = { raw: './raw.mjs', sdk: './sdk.mjs', sdk2: './sdk2.mjs', breakerbox: './breakerbox.mjs', hub: './hub.mjs' };

const now = () => performance.now();
const maxRssMb = () => process.resourceUsage().maxRSS / 1024;
const cpuMs = (since) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

function spec(extraEnv = {}) {
  return {
    command: process.execPath,
    args: [SERVER],
    env: { ...process.env, BENCH_ERA: params.era ?? 'legacy', ...extraEnv },
    era: params.era ?? 'legacy',
  };
}

function quantile(sorted, q) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

const median = (xs) => quantile([...xs].sort((a, b) => a - b), 0.5);

function check(result, bytes) {
  const text = result?.content?.[0]?.text;
  if (result?.isError || typeof text !== 'string' || text.length !== bytes) {
    throw new Error(`unexpected tools/call result: ${JSON.stringify(result).slice(0, 300)}`);
  }
}

async function loadArm() {
  // An absolute path names an ad-hoc arm module (for experiments and profiling).
  const mod = await import(ARMS[armName] ?? (armName.startsWith('/') ? armName : `./${armName}.mjs`));
  const t0 = now();
  const lib = await mod.load();
  return { lib, importMs: now() - t0 };
}

/** Spawn + handshake + list, timed; the client stays open. */
async function openAndList(lib, env) {
  const t0 = now();
  const client = await lib.connect(spec(env));
  const tools = await client.listAll();
  return { client, tools, ms: now() - t0 };
}

const scenarios = {
  /** Import of the client library in a fresh process. */
  async import() {
    const { importMs } = await loadArm();
    return { importMs, rssMb: maxRssMb() };
  },

  /** Spawn + handshake + list `tools` tools (50; in pages of `pageSize`): the first in the process (cold), then `warm` more. */
  async handshake() {
    const { lib } = await loadArm();
    const env = { BENCH_TOOLS: String(params.tools ?? 50), ...(params.pageSize ? { BENCH_PAGE_SIZE: String(params.pageSize) } : {}) };
    const cold = await openAndList(lib, env);
    if (cold.tools.length !== (params.tools ?? 50)) throw new Error(`listed ${cold.tools.length} tools`);
    await cold.client.close();
    const warm = [];
    for (let i = 0; i < (params.warm ?? 5); i++) {
      const s = await openAndList(lib, env);
      warm.push(s.ms);
      await s.client.close();
    }
    return { coldMs: cold.ms, warmMs: median(warm), rssMb: maxRssMb() };
  },

  /** Listing `tools` tools in pages of `pageSize` (the listing only; spawn and handshake untimed). */
  async list() {
    const { lib } = await loadArm();
    const tools = params.tools ?? 1000;
    const client = await lib.connect(spec({ BENCH_TOOLS: String(tools), BENCH_PAGE_SIZE: String(params.pageSize ?? 10) }));
    const times = [];
    for (let i = 0; i < 3; i++) {
      const t0 = now();
      const list = await client.listAll();
      times.push(now() - t0);
      if (list.length !== tools) throw new Error(`listed ${list.length} of ${tools} tools`);
    }
    await client.close();
    return { listMs: times[0], listWarmMs: Math.min(...times.slice(1)), rssMb: maxRssMb() };
  },

  /** `calls` tools/call round trips, `inFlight` at a time, after `warmup` untimed calls. */
  async calls() {
    const { lib } = await loadArm();
    const bytes = params.resultBytes ?? 64;
    const { client, tools } = await openAndList(lib, { BENCH_TOOLS: '1', BENCH_RESULT_BYTES: String(bytes), BENCH_STATS_FILE: params.statsFile ?? '' });
    const call = client.caller(tools[0].name);
    check(await call({ text: 'hello', n: 0 }), bytes);
    const inFlight = params.inFlight ?? 1;
    // Warm-up at the timed concurrency, so the timed calls run the same code
    // paths already optimised (client and server alike).
    await runCalls(call, params.warmup ?? 5000, inFlight);

    const total = params.calls ?? 5000;
    // The fastest of `windows` consecutive windows: this machine's speed swings
    // on sub-second scales, and noise only ever makes a window slower. Each
    // window starts with a mark, so the server reports its CPU per window.
    let best;
    for (let window = 0; window < (params.windows ?? 1); window++) {
      client.mark();
      const cpu0 = process.cpuUsage();
      const t0 = now();
      const { latencies, errors } = await runCalls(call, total, inFlight);
      const wallMs = now() - t0;
      const clientCpuMs = cpuMs(cpu0);
      if (errors) throw new Error(`${errors} calls failed`);
      if (!best || wallMs < best.wallMs) best = { window, wallMs, clientCpuMs, latencies };
    }
    client.mark(); // closes the last window in the server's stats
    await client.close();
    const { window, wallMs, clientCpuMs, latencies } = best;
    const sorted = Array.from(latencies).sort((a, b) => a - b);
    return {
      callsPerSec: (total / wallMs) * 1000,
      p50Ms: quantile(sorted, 0.5),
      p99Ms: quantile(sorted, 0.99),
      cpuMsPer1000: (clientCpuMs / total) * 1000,
      wallMs,
      window,
      rssMb: maxRssMb(),
    };
  },

  /** One tools/call whose result carries `resultBytes` of text (default 5 MiB). */
  async big() {
    const { lib } = await loadArm();
    const bytes = params.resultBytes ?? 5 * 1024 * 1024;
    const { client, tools } = await openAndList(lib, { BENCH_TOOLS: '1', BENCH_RESULT_BYTES: String(bytes) });
    const call = client.caller(tools[0].name);
    const times = [];
    for (let i = 0; i < (params.repeat ?? 3); i++) {
      const t0 = now();
      const r = await call({ text: 'hello', n: i });
      times.push(now() - t0);
      check(r, bytes);
    }
    await client.close();
    return { bigMs: times[0], bigWarmMs: Math.min(...times.slice(1)), rssMb: maxRssMb() };
  },

  /** `servers` servers started together, each answering every request after `delayMs`. */
  async many() {
    const { lib } = await loadArm();
    const n = params.servers ?? 10;
    const s = spec({ BENCH_TOOLS: '50', BENCH_DELAY_MS: String(params.delayMs ?? 50) });
    const cpu0 = process.cpuUsage();
    const t0 = now();
    let clients;
    if (lib.startMany) clients = [await lib.startMany(n, s)];
    else {
      clients = await Promise.all(
        Array.from({ length: n }, async () => {
          const c = await lib.connect(s);
          const tools = await c.listAll();
          if (tools.length !== 50) throw new Error(`listed ${tools.length} tools`);
          return c;
        }),
      );
    }
    const allMs = now() - t0;
    const clientCpuMs = cpuMs(cpu0);
    await Promise.all(clients.map((c) => c.close()));
    return { allMs, clientCpuMs, rssMb: maxRssMb() };
  },
};

/** `total` calls, `inFlight` at a time; per-call latencies (ms) and how many came back as errors. */
async function runCalls(call, total, inFlight) {
  const latencies = new Float64Array(total);
  let started = 0;
  let errors = 0;
  const worker = async () => {
    while (started < total) {
      const i = started++;
      const s = now();
      const r = await call({ text: 'hello', n: i });
      latencies[i] = now() - s;
      if (r.isError) errors++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { latencies, errors };
}

try {
  const run = scenarios[scenario];
  if (!run) throw new Error(`unknown scenario ${scenario}`);
  const result = await run();
  process.stdout.write(JSON.stringify({ ok: true, arm: armName, scenario, ...result }) + '\n');
  process.exit(0);
} catch (err) {
  process.stdout.write(JSON.stringify({ ok: false, arm: armName, scenario, error: String(err?.stack ?? err) }) + '\n');
  process.exit(1);
}

