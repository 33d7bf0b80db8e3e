// The plumbing the fake model APIs share: listen on an ephemeral loopback
// port, close without waiting for keep-alive sockets, read a request body.
import type {IncomingMessage, Server} from 'node:http';
import type {AddressInfo, Socket} from 'node:net';

/** Starts `server` on 127.0.0.1; `close` also ends the sockets still open. */
export async function listenLocal(server: Server): Promise<{port: number; close: () => Promise<void>}> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return {port, close};
}

/** The whole request body as UTF-8. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
