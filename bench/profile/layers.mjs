// Per-call JavaScript cost of each client layer, without processes or pipes.
//
//   node bench/profile/layers.mjs [calls=200000] [inFlight=1]
//
// Every arm talks to the same in-process fake server through a transport that
// serialises each request (JSON.stringify, as a pipe transport must), and
// answers with a pre-serialised line that the client side parses (JSON.parse),
// one microtask later. What is left is each library's own work per call:
// ids, pending maps, timers, promises, validation, result shaping. This is an
// attribution tool for findings, not one of the issue's targets; run
// `node --cpu-prof bench/profile/layers.mjs` to see where the time goes.

const calls = Number(process.argv[2] ?? 200_000);
const inFlight = Number(process.argv[3] ?? 1);
const only = process.argv[4];

const RESULT = JSON.stringify({ content: [{ type: 'text', text: 'x'.repeat(64) }], isError: false });
const TOOLS = JSON.stringify({
  tools: [{ name: 'tool_0000', description: 'Benchmark tool.', inputSchema: { type: 'object', properties: { text: { type: 'string' }, n: { type: 'number' } } } }],
});

/** The fake server: answers a request object with a response line. */
function answer(msg) {
  if (msg.id === undefined) return undefined;
  switch (msg.method) {
    case 'initialize':
      return `{"jsonrpc":"2.0","id":${msg.id},"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"fake","version":"1"}}}`;
    case 'tools/list':
      return `{"jsonrpc":"2.0","id":${msg.id},"result":${TOOLS}}`;
    case 'tools/call':
      return `{"jsonrpc":"2.0","id":${msg.id},"result":${RESULT}}`;
    default:
      return `{"jsonrpc":"2.0","id":${msg.id},"error":{"code":-32601,"message":"Method not found"}}`;
  }
}

/** A transport with the five members both libraries expect. */
class FakeTransport {
  async start() {}
  async close() {
    this.onclose?.({ code: 0, signal: null, stderrTail: '' });
  }
  send(message) {
    const line = JSON.stringify(message);
    const reply = answer(JSON.parse(line));
    if (reply !== undefined) queueMicrotask(() => this.onmessage?.(JSON.parse(reply)));
    return Promise.resolve();
  }
}

const ARGS = { text: 'hello', n: 1 };

const arms = {
  async raw() {
    const pending = new Map();
    let nextId = 1;
    const t = new FakeTransport();
    t.onmessage = (m) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) p.reject(new Error(m.error.message));
      else p.resolve(m.result);
    };
    return (args) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        t.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'tool_0000', arguments: args } });
      });
  },
  async connection() {
    const { Connection } = await import('../../dist/connection/connection.js');
    const conn = new Connection(new FakeTransport());
    return (args) => conn.request('tools/call', { name: 'tool_0000', arguments: args });
  },
  async session() {
    const { McpSession } = await import('../../dist/session/session.js');
    const s = await McpSession.open(new FakeTransport(), { label: 'fake', clientInfo: { name: 'b', version: '1' }, probeWaitMs: 1500 });
    return (args) => s.callTool('tool_0000', args);
  },
  async hub() {
    const { Hub } = await import('../../dist/hub/hub.js');
    const hub = new Hub({
      servers: [{ alias: 'fake', command: 'none', args: [], env: {}, startupTimeoutMs: 5000, callTimeoutMs: 60000 }],
      makeTransport: () => new FakeTransport(),
    });
    await hub.start();
    const name = hub.catalog.entries[0].name;
    return (args) => hub.call(name, args);
  },
  async sdk() {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const c = new Client({ name: 'b', version: '1' });
    await c.connect(new FakeTransport());
    await c.listTools();
    return (args) => c.callTool({ name: 'tool_0000', arguments: args });
  },
};

async function measure(call, n) {
  let started = 0;
  const worker = async () => {
    while (started < n) {
      started++;
      await call(ARGS);
    }
  };
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { usPerCall: (wall * 1000) / n, cpuUsPerCall: (cpu.user + cpu.system) / n };
}

const results = {};
for (const name of Object.keys(arms)) {
  if (only && only !== name) continue;
  const call = await arms[name]();
  await measure(call, Math.min(20_000, calls)); // warm-up: let the JIT settle
  const best = [];
  for (let i = 0; i < 5; i++) best.push((await measure(call, calls / 5)).usPerCall);
  results[name] = Math.min(...best);
}
const base = results.raw;
for (const [name, us] of Object.entries(results)) {
  console.log(`${name.padEnd(11)} ${us.toFixed(2).padStart(7)} µs/call${base ? `  (+${(us - base).toFixed(2)} µs over raw, ${(us / base).toFixed(2)}×)` : ''}`);
}
process.exit(0);
