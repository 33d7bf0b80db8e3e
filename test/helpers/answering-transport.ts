// A modern server with one tool, `echo`, that answers every request inside
// `send`: a whole call then runs synchronously (allocation counts can measure
// it) and the answer is the very object `result()` returns (no JSON copy).
import {SENT, type Transport} from '../../src/transport/types.js';

/** `result()` is the tool's answer to each `tools/call`, in order of the calls. */
export function answeringTransport(result: () => unknown): Transport {
  const t: Transport = {
    kind: 'memory',
    start: async () => {},
    close: async () => {},
    diagnosticsTail: () => [],
    send(message: object) {
      const m = message as {id?: number; method: string};
      if (m.id === undefined) return SENT;
      const answer =
        m.method === 'server/discover'
          ? {resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}
          : m.method === 'tools/list'
            ? {resultType: 'complete', tools: [{name: 'echo', inputSchema: {type: 'object'}}]}
            : result();
      t.onmessage!({jsonrpc: '2.0', id: m.id, result: answer});
      return SENT;
    },
  };
  return t;
}
