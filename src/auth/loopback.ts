// The loopback redirect (RFC 8252 §7.3): a one-path HTTP server on 127.0.0.1
// that hands the browser's redirect to the login and shows its outcome.
import {createServer, type Server} from 'node:http';
import {AuthError} from './errors.js';

/** What the login answers for one redirect: the page the browser shows. */
export interface CallbackAnswer {
  status: number;
  page: string;
}

/** A listening loopback redirect target. */
export interface Loopback {
  /** `http://127.0.0.1:<port>/callback`, compared exactly on every redirect. */
  redirectUri: string;
  port: number;
  /** Set once the login knows how to judge a redirect. */
  handle?: (url: URL) => Promise<CallbackAnswer>;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: any free port). */
export async function openLoopback(port: number): Promise<Loopback> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${loopback.port}`);
    const respond = ({status, page}: CallbackAnswer): void => {
      res.writeHead(status, {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer'});
      res.end(`<!doctype html><meta charset="utf-8"><title>breakerbox</title><p>${escapeHtml(page)}</p>\n`);
    };
    if (req.method !== 'GET' || url.pathname !== '/callback' || !loopback.handle) {
      respond({status: 404, page: 'Not a breakerbox login redirect.'});
      return;
    }
    loopback.handle(url).then(respond, (err: Error) => respond({status: 500, page: err.message}));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new AuthError('callback-port-busy', `port ${port} on 127.0.0.1 is in use, so the login redirect cannot reach breakerbox (change oauth.callbackPort)`) : err),
    );
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as {port: number}).port;
  const loopback: Loopback = {
    redirectUri: `http://127.0.0.1:${actual}/callback`,
    port: actual,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
  return loopback;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
