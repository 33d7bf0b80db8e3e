// Local HTTP servers that speak just enough MCP to get a client to a tool call,
// and then misbehave on purpose: the failure tests script them per request.
import {readFileSync} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {ROOT} from './servers.js';

/** One JSON-RPC POST as the fake sees it. */
export interface FakeRequest {
  msg: {id?: string | number; method?: string; params?: Record<string, unknown>};
  req: http.IncomingMessage;
  res: http.ServerResponse;
}

/** Return false to fall through to the normal answer; anything else means the handler answered. */
export type FakeHandler = (r: FakeRequest) => boolean | void | Promise<boolean | void>;

export interface FakeServer {
  url: string;
  requests: FakeRequest['msg'][];
  gets: http.IncomingHttpHeaders[];
  close(): Promise<void>;
}

const TOOL = {name: 't', description: 'a test tool', inputSchema: {type: 'object', properties: {}}};
export const TLS_CERT = join(ROOT, 'test/fixtures/tls/cert.pem');

/** A fake server of one era; `onPost` sees every POST first, `onGet` every GET. */
export async function fakeServer(o: {era?: 'modern' | 'legacy'; onPost?: FakeHandler; onGet?: (req: http.IncomingMessage, res: http.ServerResponse) => void; tls?: boolean} = {}): Promise<FakeServer> {
  const era = o.era ?? 'modern';
  const requests: FakeRequest['msg'][] = [];
  const gets: http.IncomingHttpHeaders[] = [];
  const json = (res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(200, {'content-type': 'application/json', ...headers});
    res.end(JSON.stringify(body));
  };
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method === 'GET') {
      gets.push(req.headers);
      if (o.onGet) return o.onGet(req, res);
      res.writeHead(405).end();
      return;
    }
    if (req.method === 'DELETE') return void res.writeHead(200).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', async () => {
      const msg = JSON.parse(body) as FakeRequest['msg'];
      requests.push(msg);
      if (o.onPost && (await o.onPost({msg, req, res})) !== false) return;
      if (msg.id === undefined) return void res.writeHead(202).end();
      const ok = (result: Record<string, unknown>) => json(res, {jsonrpc: '2.0', id: msg.id, result});
      if (msg.method === 'server/discover') {
        if (era === 'legacy') {
          res.writeHead(400, {'content-type': 'application/json'});
          return void res.end(JSON.stringify({jsonrpc: '2.0', id: null, error: {code: -32000, message: 'Bad Request: Unsupported protocol version'}}));
        }
        return ok({supportedVersions: ['2026-07-28'], capabilities: {tools: {}}, _meta: {'io.modelcontextprotocol/serverInfo': {name: 'fake', version: '1'}}});
      }
      if (msg.method === 'initialize') return json(res, {jsonrpc: '2.0', id: msg.id, result: {protocolVersion: '2025-11-25', capabilities: {tools: {}}, serverInfo: {name: 'fake', version: '1'}}}, {'mcp-session-id': 'session-1'});
      if (msg.method === 'tools/list') return ok({tools: [TOOL]});
      if (msg.method === 'tools/call') return ok({content: [{type: 'text', text: 'fine'}]});
      ok({});
    });
  };
  const server = o.tls
    ? https.createServer({cert: readFileSync(TLS_CERT), key: readFileSync(join(ROOT, 'test/fixtures/tls/key.pem'))}, handler)
    : http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const {port} = server.address() as AddressInfo;
  return {
    url: `${o.tls ? 'https' : 'http'}://127.0.0.1:${port}/mcp`,
    requests,
    gets,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A port nobody listens on (bound, then released). */
export async function deadPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const {port} = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

/** Writes one SSE event. */
export function sse(res: http.ServerResponse, data: unknown, id?: string): void {
  res.write(`${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`);
}
