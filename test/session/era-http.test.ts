// Era detection over HTTP (versioning.mdx, streamable-http "Backward
// Compatibility"): what each answer to the modern `server/discover` means.
import {afterEach, describe, expect, it} from 'vitest';
import {McpSession} from '../../src/session/session.js';
import {HttpTransport} from '../../src/transport/http/http-transport.js';
import {fakeServer, type FakeHandler, type FakeServer} from '../helpers/fake-http.js';
import {waitFor} from '../helpers/wait.js';

let fake: FakeServer | undefined;
let session: McpSession | undefined;
afterEach(async () => {
  await session?.close();
  await fake?.close();
  session = fake = undefined;
});

/** A legacy fake whose answer to server/discover is `discover`. */
async function open(discover: FakeHandler, era: 'modern' | 'legacy' = 'legacy'): Promise<McpSession> {
  fake = await fakeServer({era, onPost: (r) => (r.msg.method === 'server/discover' ? discover(r) : false)});
  session = await McpSession.open(new HttpTransport({url: fake.url}), {label: 'x', clientInfo: {name: 't', version: '0'}, handshakeTimeoutMs: 10_000});
  return session;
}
const json = (status: number, body: unknown): FakeHandler => ({res}) => void res.writeHead(status, {'content-type': 'application/json'}).end(JSON.stringify(body));

describe('era detection over HTTP', () => {
  it.each([
    ['a 400 whose body is not a modern error (an SDK server of 2025)', json(400, {jsonrpc: '2.0', id: null, error: {code: -32000, message: 'Bad Request: Unsupported protocol version'}})],
    ['a 400 with no JSON at all', ({res}: Parameters<FakeHandler>[0]) => void res.writeHead(400).end('bad request')],
    ['a 404 without a JSON-RPC body', ({res}: Parameters<FakeHandler>[0]) => void res.writeHead(404).end('Not Found')],
    ['-32601 for server/discover', ({msg, res}: Parameters<FakeHandler>[0]) => void json(200, {jsonrpc: '2.0', id: msg.id, error: {code: -32601, message: 'Method not found'}})({msg, res} as never)],
    ['a result that is no DiscoverResult', ({msg, res}: Parameters<FakeHandler>[0]) => void json(200, {jsonrpc: '2.0', id: msg.id, result: {}})({msg, res} as never)],
  ])('%s means legacy: initialize follows', async (_what, answer) => {
    const s = await open(answer);
    expect(s.era).toBe('legacy');
    expect(s.protocolVersion).toBe('2025-11-25');
    await waitFor(() => fake!.requests.length >= 3, 'notifications/initialized');
    expect(fake!.requests.map((m) => m.method)).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
  });

  it('-32022 in a 400 is a modern server: retried with a version it supports, never initialize', async () => {
    let first = true;
    const s = await open(({msg, res}) => {
      if (!first) return false;
      first = false;
      res.writeHead(400, {'content-type': 'application/json'}).end(JSON.stringify({jsonrpc: '2.0', id: msg.id, error: {code: -32022, message: 'Unsupported protocol version', data: {supported: ['2026-07-28'], requested: '2026-07-28'}}}));
      return true;
    }, 'modern');
    expect(s.era).toBe('modern');
    expect(s.eraDecision).toMatch(/retried with 2026-07-28/);
    expect(fake!.requests.map((m) => m.method)).toEqual(['server/discover', 'server/discover']);
  });

  it.each([
    [401, /^needs authorization/],
    [500, /^HTTP 500/],
  ])('%i is no answer about the era: no initialize, the failure is the reason', async (status, reason) => {
    await expect(open(({res}) => void res.writeHead(status).end('nope'))).rejects.toThrow(reason);
    expect(fake!.requests.map((m) => m.method)).toEqual(['server/discover']);
  });
});
