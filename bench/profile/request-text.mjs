// What encoding a modern tool call costs the client, counted: bytes allocated
// and CPU per message, 64 messages a tick joined into one write's text, as the
// stdio transport does. `spliced`: the session's shape (ToolCallParams with a
// shared `_meta`, see src/transport/request-text.ts); `stringify`: the same
// message with plain params, which encodeMessage serialises whole.
//
//   node --import tsx bench/profile/request-text.mjs <spliced|stringify> [messages=640000]
import v8 from 'node:v8';
import {allocatedBytes} from './allocated.mjs';
import {encodeMessage} from '../../src/transport/types.ts';
import {sharedMeta, ToolCallParams} from '../../src/transport/request-text.ts';

const [mode = 'spliced', countArg = '640000'] = process.argv.slice(2);
if (mode !== 'spliced' && mode !== 'stringify') throw new Error('mode: spliced or stringify');
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': {name: 'breakerbox', version: '0.1.0'},
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/logLevel': 'warning',
};
const meta = mode === 'spliced' ? sharedMeta(META) : Object.freeze(META);
let id = 1;
function encode() {
  const args = {text: 'hello, benchmark'};
  const params = mode === 'spliced' ? new ToolCallParams('echo', args, meta) : {name: 'echo', arguments: args, _meta: meta};
  return encodeMessage({jsonrpc: '2.0', id: id++, method: 'tools/call', params});
}
function run(n) {
  for (let k = 0; k < n; k += 64) {
    const texts = [];
    for (let j = 0; j < 64; j++) texts.push(encode());
    texts.push('');
    if (texts.join('\n').length === 0) throw new Error('unreachable');
  }
}
const n = Number(countArg);
run(200_000);
const profiler = new v8.GCProfiler();
const used0 = v8.getHeapStatistics().used_heap_size;
profiler.start();
const cpu0 = process.cpuUsage();
run(n);
const cpu = process.cpuUsage(cpu0);
const used1 = v8.getHeapStatistics().used_heap_size;
const stats = profiler.stop();
console.log(JSON.stringify({mode, messages: n, bytesPerMessage: Math.round(allocatedBytes(stats, used0, used1) / n), nsPerMessage: Math.round(((cpu.user + cpu.system) * 1000) / n)}));
