// The text of a request dies young (#17). Its own file: the number-to-string
// cache's part in this shows with small integer ids, as a connection hands
// them out, and a test that first encodes other ids hides it.
import {describe, expect, it} from 'vitest';
import {sharedMeta, ToolCallParams} from '../../src/transport/request-text.js';
import {encodeMessage} from '../../src/transport/types.js';
import {promotedDuring} from '../helpers/promoted.js';

function message(id: number, params: unknown): object {
  return {jsonrpc: '2.0', id, method: 'tools/call', params};
}

describe('many tool calls, encoded 64 at a time', () => {
  it('let their texts die young: the id is not written through the number-to-string cache', async () => {
    const meta = sharedMeta({'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}});
    const args = {text: 'hello, benchmark'};
    let id = 1;
    const promoted = await promotedDuring(async () => {
      for (let tick = 0; tick < 6_000; tick++) {
        const texts: string[] = [];
        for (let i = 0; i < 64; i++) texts.push(encodeMessage(message(id++, new ToolCallParams('echo', args, meta))));
        if (texts.join('\n').length === 0) throw new Error('unreachable');
      }
    });
    // With `'' + id` the cache (an old table of thousands of slots) kept every
    // id's string until a later id took its slot: 0.8–1.4 MB promoted in half
    // as many requests, against a few KB.
    expect(promoted).toBeLessThan(200_000);
  });
});
