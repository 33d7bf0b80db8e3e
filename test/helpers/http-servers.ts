// Bundled servers over Streamable HTTP (`--http PORT`) and hub entries for them.
import {spawn, type ChildProcess} from 'node:child_process';
import type {HttpHubServer} from '../../src/hub/hub.js';
import {serverPath} from './servers.js';
import {waitFor} from './wait.js';

/** One bundled server process listening on HTTP. */
export interface HttpServerProc {
  url: string;
  port: number;
  proc: ChildProcess;
  stderr(): string;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();

/** Starts `servers/<script> --http <port>` (0: a free port) and waits for its address. */
export async function startHttpServer(script: string, env: Record<string, string> = {}, port = 0): Promise<HttpServerProc> {
  const proc = spawn(process.execPath, [serverPath(script), '--http', String(port)], {env: {PATH: process.env.PATH ?? '', ...env}, stdio: ['ignore', 'ignore', 'pipe']});
  running.add(proc);
  let text = '';
  proc.stderr!.setEncoding('utf8');
  proc.stderr!.on('data', (c: string) => (text += c));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  void exited.then(() => running.delete(proc));
  const url = await waitFor(() => /listening on (http:\/\/\S+\/mcp)/.exec(text)?.[1] ?? (proc.exitCode !== null ? Promise.reject(new Error(`exited: ${text}`)) : undefined), `${script} listening`, 20_000);
  return {
    url,
    port: Number(new URL(url).port),
    proc,
    stderr: () => text,
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Ends every server started here (for afterAll). */
export function killHttpServers(): void {
  for (const p of running) p.kill('SIGKILL');
}

/** A hub entry for a remote server, with short test timeouts. */
export function httpServer(alias: string, url: string, extra: Partial<HttpHubServer> = {}): HttpHubServer {
  return {alias, url, startupTimeoutMs: 20_000, callTimeoutMs: 20_000, ...extra};
}
