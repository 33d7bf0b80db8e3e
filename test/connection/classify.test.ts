import {describe, expect, it} from 'vitest';
import {classify, invalidReason} from '../../src/connection/jsonrpc.js';
import {leastAllocated} from '../helpers/allocated.js';

describe('classify: the kind of every inbound message (#17)', () => {
  it('sorts messages and gives the reason only when asked', () => {
    const cases: Array<[unknown, string, string | undefined]> = [
      [{jsonrpc: '2.0', id: 1, result: {}}, 'result', undefined],
      [{jsonrpc: '2.0', id: 'a', error: {code: -1, message: 'no'}}, 'error', undefined],
      [{jsonrpc: '2.0', id: null, error: {code: -1, message: 'no'}}, 'error', undefined],
      [{jsonrpc: '2.0', id: 0, method: 'ping'}, 'request', undefined],
      [{jsonrpc: '2.0', method: 'notifications/progress', params: {}}, 'notification', undefined],
      [[1, 2], 'invalid', 'not a JSON object'],
      [null, 'invalid', 'not a JSON object'],
      [{id: 1, result: {}}, 'invalid', 'missing "jsonrpc": "2.0"'],
      [{jsonrpc: '2.0', method: 'x', params: 3}, 'invalid', 'params is neither an object nor an array'],
      [{jsonrpc: '2.0', id: {}, method: 'x'}, 'invalid', 'request id is not a string or number'],
      [{jsonrpc: '2.0', id: Infinity, result: {}}, 'invalid', 'response id is not a string or number'],
      [{jsonrpc: '2.0', id: 1, result: []}, 'invalid', 'result is not an object'],
      [{jsonrpc: '2.0', id: 1, error: {code: '1', message: 'x'}}, 'invalid', 'error without a numeric code and a message'],
      [{jsonrpc: '2.0', id: true, error: {code: 1, message: 'x'}}, 'invalid', 'error response id is not a string, number or null'],
      [{jsonrpc: '2.0', id: 1}, 'invalid', 'neither a request, a notification nor a response'],
    ];
    for (const [value, kind, reason] of cases) {
      expect(classify(value)).toBe(kind);
      expect(invalidReason(value)).toBe(reason);
    }
  });

  it('allocates nothing per message: the message is the value, the kind a constant string', () => {
    const n = 100_000;
    const messages = Array.from({length: n}, (_, i) => ({jsonrpc: '2.0', id: i, result: {content: []}}));
    let results = 0;
    const count = () => {
      for (let i = 0; i < n; i++) if (classify(messages[i]) === 'result') results++;
    };
    count(); // warm and optimise first
    let counts = 1;
    const bytes = leastAllocated(5, () => (counts++, count), 4 * n);
    expect(results).toBe(counts * n);
    // An object per message was 40 bytes each (4 MB here); a constant string is none.
    expect(bytes / n).toBeLessThan(4);
  });
});
