// A modern tool call's text is spliced around its shared `_meta` text, made
// once (#17: serialising that `_meta` per call was ~17% of the client's CPU at
// 64 in flight). The spliced text must be the very bytes JSON.stringify writes.
import {afterEach, describe, expect, it} from 'vitest';
import {McpSession} from '../../src/session/session.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import {requestText, sharedMeta, ToolCallParams} from '../../src/transport/request-text.js';
import {encodeMessage} from '../../src/transport/types.js';
import {prng} from '../helpers/prng.js';
import {leastAllocated} from '../helpers/allocated.js';

// Characters JSON must escape or that are easy to get wrong: quotes, backslash,
// controls, a lone surrogate, a pair, U+2028, non-ASCII.
const ALPHABET = ['a', 'Z', '0', ' ', '"', '\\', '/', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u001f', '\u007f', '\ud800', '\udfff', '😀', '\u2028', 'é', '中', '{', '}', ':', ','];

function randomString(rand: () => number): string {
  let s = '';
  const n = Math.floor(rand() * 8);
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(rand() * ALPHABET.length)];
  return s;
}

function randomValue(rand: () => number, depth: number): unknown {
  const r = rand();
  if (depth > 3 || r < 0.35) {
    const k = Math.floor(rand() * 11);
    return [0, -0, 1.5e300, Number.NaN, Infinity, -7, true, false, null, undefined, randomString(rand)][k];
  }
  if (r < 0.45) return new Date(Math.floor(rand() * 1e12));
  if (r < 0.55) return () => 1;
  if (r < 0.7) return Array.from({length: Math.floor(rand() * 4)}, () => randomValue(rand, depth + 1));
  return randomObject(rand, depth + 1);
}

function randomObject(rand: () => number, depth: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const n = Math.floor(rand() * 5);
  for (let i = 0; i < n; i++) {
    const key = rand() < 0.1 ? '__proto__' : rand() < 0.1 ? String(Math.floor(rand() * 100)) : randomString(rand);
    Object.defineProperty(o, key, {value: randomValue(rand, depth), enumerable: true, writable: true, configurable: true});
  }
  return o;
}

function message(id: number, params: unknown): object {
  return {jsonrpc: '2.0', id, method: 'tools/call', params};
}

describe('the text of a tool call with a shared _meta', () => {
  it('writes every id as JSON.stringify does: around each thousand, out of order, and ids that are not counters', () => {
    const meta = sharedMeta({'io.modelcontextprotocol/protocolVersion': '2026-07-28'});
    const params = new ToolCallParams('echo', {}, meta);
    const ids = [0, -0, 1, 999, 1000, 1001, 1999, 2000, 2001, 7, 999_999, 1_000_000, 1_000_000, 12_345_678, 2 ** 53 - 1, 2 ** 53, 1e21, 1000.5, -1000, -1, 2001, 1000];
    for (let id = 0; id < 5_000; id++) ids.push(id);
    for (const id of ids) expect(requestText(message(id, params))).toBe(JSON.stringify(message(id, params)));
  });

  it('writes the id without a string of its own per request', () => {
    const meta = sharedMeta({'io.modelcontextprotocol/protocolVersion': '2026-07-28'});
    const params = new ToolCallParams('echo', {}, meta);
    const n = 20_000;
    let id = 1_000_000;
    const messages = () => Array.from({length: n}, () => message(id++, params));
    let length = 0;
    const count = (batch: object[]) => () => {
      for (let i = 0; i < n; i++) length += requestText(batch[i]!)!.length;
    };
    count(messages())(); // warm and optimise first
    const bytes = leastAllocated(5, () => count(messages()), 200 * n);
    expect(length).toBeGreaterThan(6 * n * 50);
    // The cons strings of the text and the arguments' JSON: 176 bytes counted.
    // JSON.stringify(id) per request added a string of 48: 224.
    expect(bytes / n).toBeLessThan(200);
  });

  it('is byte for byte what JSON.stringify writes, for random arguments, names and metas', () => {
    const rand = prng(17);
    let spliced = 0;
    for (let i = 0; i < 5_000; i++) {
      const meta = sharedMeta({...randomObject(rand, 1), 'io.modelcontextprotocol/protocolVersion': '2026-07-28'});
      const args = rand() < 0.05 ? (undefined as unknown as Record<string, unknown>) : randomObject(rand, 0);
      const m = message(Math.floor(rand() * 2 ** 40), new ToolCallParams(randomString(rand), args, meta));
      const text = requestText(m);
      expect(text).toBeDefined();
      spliced++;
      expect(text).toBe(JSON.stringify(m));
      expect(encodeMessage(m)).toBe(JSON.stringify(m));
      // And it reads back as the same message.
      expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(m)));
    }
    expect(spliced).toBe(5_000);
  });

  it('is left to JSON.stringify for any other shape', () => {
    const meta = sharedMeta({a: 1});
    const params = new ToolCallParams('t', {x: 1}, meta);
    // Plain params, a _meta without text, an envelope with more or other members.
    expect(requestText(message(1, {name: 't', arguments: {}, _meta: meta}))).toBeUndefined();
    expect(requestText(message(1, new ToolCallParams('t', {}, {a: 1})))).toBeUndefined();
    expect(requestText(message(1, new ToolCallParams('t', {})))).toBeUndefined();
    expect(requestText({jsonrpc: '2.0', id: 1, method: 'tools/call', params, extra: 1})).toBeUndefined();
    expect(requestText({id: 1, jsonrpc: '2.0', method: 'tools/call', params})).toBeUndefined();
    expect(requestText({jsonrpc: '2.0', id: '1', method: 'tools/call', params})).toBeUndefined();
    expect(requestText(message(1, new ToolCallParams(7 as unknown as string, {}, meta)))).toBeUndefined();
    // A member added to the params after they were made; arguments whose toJSON reads its key.
    const added = new ToolCallParams('t', {x: 1}, meta);
    (added as unknown as Record<string, unknown>).extra = 2;
    expect(requestText(message(1, added))).toBeUndefined();
    const keyed = new ToolCallParams('t', {toJSON: (key: string) => ({key})}, meta);
    expect(requestText(message(1, keyed))).toBeUndefined();
    for (const m of [message(1, new ToolCallParams(7 as unknown as string, {}, meta)), {jsonrpc: '2.0', id: 1, method: 'tools/call', params, extra: 1}, message(1, added), message(1, keyed)]) {
      expect(encodeMessage(m)).toBe(JSON.stringify(m));
    }
  });

  it('keeps a frozen copy: changing what it was made from changes neither the object nor the text', () => {
    const clientInfo = {name: 'bb', version: '1'};
    const meta = sharedMeta({info: clientInfo});
    clientInfo.name = 'changed';
    const m = message(3, new ToolCallParams('t', {}, meta));
    expect(JSON.parse(requestText(m)!).params._meta.info.name).toBe('bb');
    expect(requestText(m)).toBe(JSON.stringify(m));
    expect(Object.isFrozen((meta as {info: object}).info)).toBe(true);
  });
});

describe("a modern session's tool calls", () => {
  const open: McpSession[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });

  it('take the spliced path, and the server reads the same message', async () => {
    const [client, server] = MemoryTransport.pair();
    const seen: unknown[] = [];
    server.onmessage = (m: any) => {
      if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, result: {supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}});
      if (m.method === 'tools/call') {
        seen.push(m);
        void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'complete', content: []}});
      }
    };
    const s = await McpSession.open(client, {label: 'm', clientInfo: {name: 't "quoted"', version: '1'}});
    open.push(s);
    const sent: object[] = [];
    const send = client.send.bind(client);
    client.send = (m: object) => (sent.push(m), send(m));
    await Promise.all([s.callTool('a', {q: 'x\n"y"'}), s.callTool('b', {})]);
    expect(sent).toHaveLength(2);
    for (const m of sent) {
      expect(requestText(m)).toBeDefined();
      expect(requestText(m)).toBe(JSON.stringify(m));
    }
    expect(seen[0]).toEqual(JSON.parse(JSON.stringify(sent[0])));
  });
});
