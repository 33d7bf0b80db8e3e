// The HTTP transport on its own and through the CLI: proxies from the
// environment, private CAs, bounded responses and streams, and secrets that
// never reach a trace, a log or the screen.
import {mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {Connection} from '../../../src/connection/connection.js';
import {TransportRequestError} from '../../../src/transport/errors.js';
import {HttpTransport} from '../../../src/transport/http/http-transport.js';
import {runCli} from '../../helpers/cli.js';
import {deadPort, fakeServer, sse, TLS_CERT, type FakeServer} from '../../helpers/fake-http.js';
import {testHub} from '../../helpers/hub.js';
import {httpServer} from '../../helpers/http-servers.js';

let fake: FakeServer | undefined;
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const c of cleanups.splice(0)) await c();
});

const discover = {jsonrpc: '2.0', id: 1, method: 'server/discover', params: {_meta: {'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}}}};
const call = (id: number) => ({jsonrpc: '2.0', id, method: 'tools/call', params: {name: 't', arguments: {}, _meta: discover.params._meta}});

/** Sets (or, for undefined, removes) environment variables until the test ends, when each gets back the value it had before the test. */
function setEnv(vars: Record<string, string | undefined>): void {
  for (const [k, v] of Object.entries(vars)) {
    const saved = process.env[k];
    if (!savedEnv.has(k)) {
      savedEnv.set(k, saved);
      cleanups.push(() => {
        if (saved === undefined) delete process.env[k];
        else process.env[k] = saved;
        savedEnv.delete(k);
      });
    }
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}
const savedEnv = new Map<string, string | undefined>();

function open(t: HttpTransport) {
  const conn = new Connection(t, 10_000);
  cleanups.push(() => conn.close());
  return conn;
}

describe('HttpTransport', () => {
  it('goes through HTTP_PROXY from the environment, and not for hosts in NO_PROXY', async () => {
    const seen: string[] = [];
    const proxy = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization}`);
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify({jsonrpc: '2.0', id: 1, result: {supportedVersions: ['2026-07-28'], capabilities: {}}}));
    });
    // https and (by default) http go through a CONNECT tunnel: answer it, then serve what comes through.
    proxy.on('connect', (req, socket) => {
      seen.push(`CONNECT ${req.url}`);
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      proxy.emit('connection', socket);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => proxy.close(r)));
    setEnv({HTTP_PROXY: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, NO_PROXY: 'direct.invalid'});
    const via = open(new HttpTransport({url: 'http://remote.invalid/mcp', headers: {Authorization: 'Bearer t'}}));
    expect(await via.request('server/discover', discover.params)).toMatchObject({supportedVersions: ['2026-07-28']});
    expect(seen).toEqual(['CONNECT remote.invalid:80', 'POST /mcp Bearer t']);
    const direct = open(new HttpTransport({url: 'http://direct.invalid/mcp'}));
    await expect(direct.request('server/discover', discover.params)).rejects.toThrow(/DNS lookup of direct\.invalid failed/);
    expect(seen).toHaveLength(2);
  });

  it('a proxy from the environment that refuses or does not resolve is named, not the server behind it', async () => {
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({jsonrpc: '2.0', id: 1, result: {}}))});
    const server = new URL(fake.url).host;
    const dead = await deadPort();
    setEnv({HTTP_PROXY: `http://127.0.0.1:${dead}`, NO_PROXY: ''});
    await expect(open(new HttpTransport({url: fake.url})).request('server/discover', discover.params)).rejects.toThrow(
      `connection refused by the proxy 127.0.0.1:${dead} (HTTP_PROXY/HTTPS_PROXY) on the way to ${server} (is the proxy running?)`,
    );
    setEnv({HTTP_PROXY: 'http://proxy.invalid:3128'});
    await expect(open(new HttpTransport({url: fake.url})).request('server/discover', discover.params)).rejects.toThrow(
      'DNS lookup of the proxy proxy.invalid (HTTP_PROXY/HTTPS_PROXY) failed: no such host',
    );
    // Without a proxy the server's own refusal still names the server.
    setEnv({HTTP_PROXY: undefined});
    await expect(open(new HttpTransport({url: `http://127.0.0.1:${dead}/mcp`})).request('server/discover', discover.params)).rejects.toThrow(
      `connection refused by 127.0.0.1:${dead} (is the server running?)`,
    );
  });

  it('a JSON answer larger than the message cap fails that request, and says so', async () => {
    fake = await fakeServer({onPost: ({res}) => void res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({jsonrpc: '2.0', id: 1, result: {blob: 'x'.repeat(5000)}}))});
    const conn = open(new HttpTransport({url: fake.url, maxMessageBytes: 1000}));
    const err = await conn.request('server/discover', discover.params).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportRequestError);
    expect((err as Error).message).toBe('the response is larger than 1000 bytes');
  });

  it('an SSE event larger than the cap, and a stream that goes quiet, end the call instead of holding memory or time', async () => {
    fake = await fakeServer({
      onPost: ({msg, res}) => {
        res.writeHead(200, {'content-type': 'text/event-stream'});
        if (msg.id === 1) res.write(`data: ${'y'.repeat(5000)}`); // no end of event: it only grows
        else sse(res, {jsonrpc: '2.0', method: 'notifications/progress', params: {progressToken: 'p', progress: 1}}); // then silence
      },
    });
    const conn = open(new HttpTransport({url: fake.url, maxMessageBytes: 1000, idleStreamTimeoutMs: 300}));
    await expect(conn.request('tools/call', call(1).params)).rejects.toThrow('an event on the response stream of tools/call is larger than 1000 bytes');
    await expect(conn.request('tools/call', call(2).params)).rejects.toThrow('the server sent nothing on the response stream of tools/call for 300 ms');
  });

  it('never puts the config headers or URL credentials in traces, the log file or statuses', async () => {
    fake = await fakeServer({onPost: ({msg, req, res}) => (req.headers.authorization === 'Bearer SECRET-TOKEN' && req.url === '/mcp?api_key=SECRET-KEY' ? false : void res.writeHead(401).end(String(msg.id)))});
    const logs = mkdtempSync(join(tmpdir(), 'bb-http-logs-'));
    const raw: string[] = [];
    const url = `${fake.url.replace('://', '://user:SECRET-PASS@')}?api_key=SECRET-KEY`;
    const {hub, events} = testHub([httpServer('r', url, {headers: {Authorization: 'Bearer SECRET-TOKEN'}})], {trace: true, logDir: logs, rawTrace: (_a, e) => raw.push(JSON.stringify(e))});
    cleanups.push(() => hub.close());
    await hub.start();
    expect(hub.statuses()[0]).toMatchObject({state: 'online', url: fake.url.replace('://', '://***@') + '?api_key=***'});
    await hub.call('mcp__r__t', {});
    const everything = [JSON.stringify(events), raw.join('\n'), JSON.stringify(hub.statuses()), ...readdirSync(logs).map((f) => readFileSync(join(logs, f), 'utf8'))].join('\n');
    expect(everything).toMatch(/POST tools\/call #\d+ → 200 application\/json/);
    expect(everything).toContain('Streamable HTTP to http://***@127.0.0.1');
    for (const secret of ['SECRET-TOKEN', 'SECRET-PASS', 'SECRET-KEY']) expect(everything).not.toContain(secret);
  });
});

describe('the CLI with remote servers', {timeout: 90_000}, () => {
  it('--list-tools --json names the transport and the masked URL; a private CA works through NODE_EXTRA_CA_CERTS', async () => {
    fake = await fakeServer({tls: true});
    const dir = mkdtempSync(join(tmpdir(), 'bb-http-cli-'));
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {tls: {url: `${fake.url}?token=SECRET`}}}));
    const env = {XDG_STATE_HOME: join(dir, 'state')};
    const without = JSON.parse((await runCli(['--config', config, '--list-tools', '--json'], {env})).stdout);
    expect(without.servers[0]).toMatchObject({alias: 'tls', state: 'offline', transport: 'http', url: `${fake.url}?token=***`});
    expect(without.servers[0].reason).toMatch(/^TLS error talking to 127\.0\.0\.1:\d+/);
    const run = await runCli(['--config', config, '--list-tools', '--json'], {env: {...env, NODE_EXTRA_CA_CERTS: TLS_CERT}});
    const listed = JSON.parse(run.stdout);
    expect(listed.servers[0]).toMatchObject({state: 'online', era: 'modern', transport: 'http', url: `${fake.url}?token=***`, warning: null});
    expect(listed.tools.map((t: {name: string}) => t.name)).toEqual(['mcp__tls__t']);
    expect(run.stdout + run.stderr).not.toContain('SECRET');
  });
});

describe('credentials in the URL', () => {
  it('travel as Basic authorization (fetch refuses them in URLs); a configured Authorization header wins', async () => {
    const auth: Array<string | undefined> = [];
    fake = await fakeServer({onPost: ({req}) => (auth.push(req.headers.authorization), false)});
    const url = fake.url.replace('://', '://ada:p%40ss@');
    await open(new HttpTransport({url})).request('server/discover', discover.params);
    await open(new HttpTransport({url, headers: {Authorization: 'Bearer own'}})).request('server/discover', discover.params);
    expect(auth).toEqual([`Basic ${Buffer.from('ada:p@ss').toString('base64')}`, 'Bearer own']);
  });
});
