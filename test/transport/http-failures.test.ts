// Every way a remote server can fail, as the user sees it: the offline reason
// in the Servers pane, or the call's isError text. Local fake servers
// misbehave on purpose; nothing leaves this machine.
import type http from 'node:http';
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {deadPort, fakeServer, sse, type FakeServer} from '../helpers/fake-http.js';
import {testHub, textOf} from '../helpers/hub.js';
import {httpServer} from '../helpers/http-servers.js';
import {waitFor} from '../helpers/wait.js';

let hub: Hub | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await hub?.close();
  await fake?.close();
  hub = fake = undefined;
});

async function startHub(url: string, extra = {}, options = {}): Promise<Hub> {
  ({hub} = testHub([httpServer('r', url, {startupTimeoutMs: 10_000, callTimeoutMs: 10_000, ...extra})], options));
  await hub.start();
  return hub;
}
const status = () => hub!.statuses()[0]!;

/** A legacy server's answer to `initialize`: session `s-<n>`, tools only. Returns true (handled). */
function newSession(msg: {id?: unknown}, res: http.ServerResponse, n: number, capabilities: Record<string, unknown> = {tools: {}}): true {
  res.writeHead(200, {'content-type': 'application/json', 'mcp-session-id': `s-${n}`});
  res.end(JSON.stringify({jsonrpc: '2.0', id: msg.id, result: {protocolVersion: '2025-11-25', capabilities, serverInfo: {name: 'fake', version: '1'}}}));
  return true;
}

describe('a remote server that cannot be reached', () => {
  it('connection refused', async () => {
    const port = await deadPort();
    await startHub(`http://127.0.0.1:${port}/mcp`);
    expect(status()).toMatchObject({state: 'offline', phase: 'handshake', transport: 'http'});
    expect(status().reason).toBe(`connection refused by 127.0.0.1:${port} (is the server running?)`);
  });

  it('DNS failure', async () => {
    await startHub('http://breakerbox-test.invalid/mcp');
    expect(status().reason).toMatch(/^DNS lookup of breakerbox-test\.invalid failed/);
  });

  it('a TLS error (a self-signed certificate) names NODE_EXTRA_CA_CERTS', async () => {
    fake = await fakeServer({tls: true});
    await startHub(fake.url);
    expect(status().state).toBe('offline');
    expect(status().reason).toMatch(/^TLS error talking to 127\.0\.0\.1:\d+: self.signed certificate.*NODE_EXTRA_CA_CERTS/);
  });

  it('no first byte within the startup timeout', async () => {
    fake = await fakeServer({onPost: () => true}); // takes the request, never answers
    await startHub(fake.url, {startupTimeoutMs: 1_500});
    expect(status().reason).toBe('no answer to server/discover or initialize within 1500 ms (startupTimeoutMs)');
  });
});

describe('HTTP errors', () => {
  it('5xx during the handshake: the status and the first line of the body', async () => {
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(502, {'content-type': 'text/plain'}).end('upstream exploded\n  at proxy.js:1')});
    await startHub(fake.url);
    expect(status().reason).toBe('HTTP 502 Bad Gateway: "upstream exploded"');
  });

  it.each([401, 403])('%i: needs authorization, with the WWW-Authenticate challenge', async (code) => {
    fake = await fakeServer({
      onPost: ({res}) => void res.writeHead(code, {'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"'}).end('{"error":"invalid_token"}'),
    });
    await startHub(fake.url);
    expect(status().reason).toMatch(new RegExp(`^needs authorization: 127\\.0\\.0\\.1:\\d+ answered HTTP ${code} (Unauthorized|Forbidden): "\\{\\\\"error\\\\":\\\\"invalid_token\\\\"\\}" \\(WWW-Authenticate: Bearer resource_metadata=`));
  });

  it('a body that is not JSON, and a content type that is neither JSON nor SSE', async () => {
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(200, {'content-type': 'application/json'}).end('<html>oops</html>')});
    await startHub(fake.url);
    expect(status().reason).toBe('the response says application/json but is not JSON: "<html>oops</html>"');
    await hub!.close();
    await fake.close();
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(200, {'content-type': 'text/html'}).end('<h1>Login</h1>')});
    await startHub(fake.url);
    expect(status().reason).toBe('the server answered with Content-Type text/html, expected application/json or text/event-stream: "<h1>Login</h1>"');
  });

  it('a JSON body that is not the answer says what it held, not that a stream ended', async () => {
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(200, {'content-type': 'application/json'}).end('{"hello":"world"}')});
    await startHub(fake.url);
    expect(status().reason).toBe('the JSON response holds no answer to the request: "{\\"hello\\":\\"world\\"}"');
  });

  it('a redirect is not followed: the user is told the URL to use', async () => {
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(307, {location: 'https://elsewhere.example/mcp?token=s3cret'}).end()});
    await startHub(fake.url);
    expect(status().reason).toBe('the server redirected (HTTP 307) to https://elsewhere.example/mcp?token=***; put the final URL in the config');
  });

  it('5xx on calls count for the circuit breaker; 4xx are answers and do not', async () => {
    let code = 503;
    fake = await fakeServer({
      onPost: ({msg, res}) => {
        if (msg.method !== 'tools/call') return false;
        res.writeHead(code, {'content-type': 'text/plain'}).end(code === 503 ? 'try later' : 'bad arguments');
        return true;
      },
    });
    await startHub(fake.url, {}, {circuit: {threshold: 3, cooldownMs: 60_000}});
    code = 400;
    for (let i = 0; i < 4; i++) {
      const r = await hub!.call('mcp__r__t', {});
      expect(r).toMatchObject({isError: true, failure: 'refused'});
      expect(textOf(r)).toBe('r/t failed: HTTP 400 Bad Request: "bad arguments"');
    }
    code = 503;
    for (let i = 0; i < 3; i++) expect(await hub!.call('mcp__r__t', {})).toMatchObject({failure: 'unreachable'});
    const paused = await hub!.call('mcp__r__t', {});
    expect(paused.failure).toBe('circuit-open');
    expect(textOf(paused)).toMatch(/calls are paused for \d+ s/);
  });
});

describe('response streams', () => {
  it('modern: a stream cut mid-response fails that call at once, then the server is reconnected', async () => {
    let cut = true;
    fake = await fakeServer({
      onPost: ({msg, res}) => {
        if (msg.method !== 'tools/call' || !cut) return false;
        cut = false;
        res.writeHead(200, {'content-type': 'text/event-stream'});
        sse(res, {jsonrpc: '2.0', method: 'notifications/message', params: {level: 'info', data: 'working'}});
        setTimeout(() => res.socket?.destroy(), 50);
        return true;
      },
    });
    const events: string[] = [];
    hub = testHub([httpServer('r', fake.url, {callTimeoutMs: 60_000})], {restart: {baseMs: 50, maxMs: 200, maxTries: 50}, onEvent: (e) => e.type === 'server/restarting' && events.push('restarting')}).hub;
    await hub.start();
    const r = await hub!.call('mcp__r__t', {});
    expect(r).toMatchObject({isError: true, failure: 'unreachable'});
    expect(textOf(r)).toMatch(/^r\/t failed: the response stream of tools\/call was cut: the connection to 127\.0\.0\.1:\d+ was closed unexpectedly/);
    await waitFor(() => events.includes('restarting') && status().state === 'online', 'a reconnect');
    expect(textOf(await hub!.call('mcp__r__t', {}))).toBe('fine');
  });

  it('legacy: a stream that ends before the answer is resumed with Last-Event-ID after the server\'s retry', async () => {
    let pending: string | number | undefined;
    fake = await fakeServer({
      era: 'legacy',
      onPost: ({msg, res}) => {
        if (msg.method !== 'tools/call') return false;
        pending = msg.id;
        res.writeHead(200, {'content-type': 'text/event-stream'});
        res.write('id: ev-1\nretry: 20\ndata: \n\n');
        res.end();
        return true;
      },
      onGet: (req, res) => {
        res.writeHead(200, {'content-type': 'text/event-stream'});
        if (req.headers['last-event-id'] === 'ev-1') sse(res, {jsonrpc: '2.0', id: pending, result: {content: [{type: 'text', text: 'resumed'}]}}, 'ev-2');
      },
    });
    await startHub(fake.url);
    expect(status()).toMatchObject({state: 'online', era: 'legacy'});
    const r = await hub!.call('mcp__r__t', {});
    expect(textOf(r)).toBe('resumed');
    expect(fake.gets.some((h) => h['last-event-id'] === 'ev-1' && h['mcp-session-id'] === 'session-1')).toBe(true);
  });

  it('legacy: a stream that ends without an event id fails the call at once', async () => {
    fake = await fakeServer({
      era: 'legacy',
      onPost: ({msg, res}) => {
        if (msg.method !== 'tools/call') return false;
        res.writeHead(200, {'content-type': 'text/event-stream'}).end('data: \n\n');
        return true;
      },
    });
    await startHub(fake.url, {callTimeoutMs: 60_000});
    const r = await hub!.call('mcp__r__t', {});
    expect(textOf(r)).toBe('r/t failed: the server ended the response stream of tools/call without answering it and gave no event id to resume from');
  });

  // How servers say they forgot a session: the spec's 404, and the 400 the SDK's example servers
  // (server-everything among them) answer after a restart.
  const FORGOTTEN_SESSION = JSON.stringify({jsonrpc: '2.0', error: {code: -32000, message: 'Bad Request: No valid session ID provided'}, id: null});
  it.each([
    ['a 404 on the session', (res: http.ServerResponse) => res.writeHead(404).end('session expired')],
    ['a 400 that says the session is unknown', (res: http.ServerResponse) => res.writeHead(400, {'content-type': 'application/json'}).end(FORGOTTEN_SESSION)],
  ])('legacy: %s starts a new session and retries the request once', async (_, forgot) => {
    let sessions = 0;
    fake = await fakeServer({
      era: 'legacy',
      onPost: ({msg, req, res}) => {
        if (msg.method === 'initialize') return newSession(msg, res, ++sessions);
        if (msg.method === 'tools/call' && req.headers['mcp-session-id'] === 's-1') {
          forgot(res);
          return true;
        }
        return false;
      },
    });
    await startHub(fake.url);
    const r = await hub!.call('mcp__r__t', {});
    expect(textOf(r)).toBe('fine');
    expect(sessions).toBe(2);
    expect(fake.requests.filter((m) => m.method === 'notifications/initialized')).toHaveLength(2);
  });

  it('legacy: the server\'s own stream, refused for a forgotten session, starts a new session and opens again', async () => {
    let sessions = 0;
    fake = await fakeServer({
      era: 'legacy',
      onPost: ({msg, res}) => {
        return msg.method === 'initialize' && newSession(msg, res, ++sessions, {tools: {listChanged: true}});
      },
      onGet: (req, res) => {
        // Restarted after the first session began: it knows only the sessions it made since.
        if (req.headers['mcp-session-id'] === 's-1') {
          res.writeHead(400, {'content-type': 'application/json'}).end(FORGOTTEN_SESSION);
          return;
        }
        res.writeHead(200, {'content-type': 'text/event-stream'});
        res.write(': open\n\n');
      },
    });
    await startHub(fake.url);
    await waitFor(() => fake!.gets.some((h) => h['mcp-session-id'] === 's-2'), 'the stream opened again in a new session');
    expect(sessions).toBe(2);
    expect(fake.gets.filter((h) => h['mcp-session-id'] === 's-1')).toHaveLength(1);
  });

  it('legacy: any other 400 is the server\'s answer to that call, not a lost session', async () => {
    let sessions = 0;
    fake = await fakeServer({
      era: 'legacy',
      onPost: ({msg, res}) => {
        if (msg.method === 'initialize') return newSession(msg, res, ++sessions);
        if (msg.method === 'tools/call') {
          res.writeHead(400, {'content-type': 'text/plain'}).end('arguments too long');
          return true;
        }
        return false;
      },
    });
    await startHub(fake.url);
    const r = await hub!.call('mcp__r__t', {});
    expect(textOf(r)).toBe('r/t failed: HTTP 400 Bad Request: "arguments too long"');
    expect(sessions).toBe(1);
  });
});