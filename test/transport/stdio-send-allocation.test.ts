import {describe, expect, it} from 'vitest';
import {StdioTransport} from '../../src/transport/stdio.js';
import {PreEncoded, SENT} from '../../src/transport/types.js';
import {leastAllocated} from '../helpers/allocated.js';

describe('StdioTransport.send, bytes per message (#17)', () => {
  it('allocates next to nothing beyond the joined write when the pipe takes it', () => {
    const t = new StdioTransport({command: 'unused', env: {}});
    let written = 0;
    // A pipe that never fills: every write is taken at once.
    const stdin = {destroyed: false, writable: true, writableNeedDrain: false, writableLength: 0, writableHighWaterMark: 1 << 30, write: (chunk: string) => void (written += chunk.length)};
    (t as unknown as {child: unknown}).child = {stdin};
    const message = new PreEncoded('{"jsonrpc":"2.0","id":1,"result":{}}');
    const n = 50_000;
    const send = () => {
      for (let i = 0; i < n; i++) if (t.send(message) !== SENT) throw new Error('not taken');
    };
    send(); // warm and optimise first
    const bytes = leastAllocated(5, () => send, 96 * n);
    expect(written).toBeGreaterThan(5 * n * 36);
    // The text joined per 16 KiB (38 bytes a message) and the growing list of a
    // write's messages: 72 bytes counted. The wait for a drain, written as
    // closures in `send`, had every message allocate their context: 120.
    expect(bytes / n).toBeLessThan(96);
  });
});
