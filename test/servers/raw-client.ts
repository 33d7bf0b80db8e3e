// A deliberately dumb JSON-lines client for testing the servers in servers/.
// It is not the app's client: it records everything and lets tests wait on conditions.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const SERVERS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../servers');
export const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

// Generous: these tests must pass on a slow, loaded machine.
const DEFAULT_TIMEOUT_MS = 15_000;

export type Message = {
  jsonrpc: '2.0';
  id?: string | number | null;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string; data?: any };
};

type Waiter = { check: () => boolean; resolve: () => void };

export class RawClient {
  readonly messages: Message[] = [];
  /** stdout lines that were not JSON objects (noise mode). */
  readonly junk: string[] = [];
  /** Last stderr lines (capped) and the total byte count. */
  readonly stderrLines: string[] = [];
  stderrBytes = 0;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private nextId = 1;
  private waiters = new Set<Waiter>();
  private stderrTail = '';

  private constructor(readonly proc: ChildProcessWithoutNullStreams) {
    let pending: Buffer[] = [];
    proc.stdout.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
        const line = Buffer.concat([...pending, chunk.subarray(start, nl)]).toString('utf8').replace(/\r$/, '');
        pending = [];
        start = nl + 1;
        this.onLine(line);
      }
      if (start < chunk.length) pending.push(chunk.subarray(start));
      this.wake();
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      this.stderrBytes += chunk.length;
      const parts = (this.stderrTail + chunk.toString('utf8')).split('\n');
      this.stderrTail = parts.pop() ?? '';
      this.stderrLines.push(...parts);
      if (this.stderrLines.length > 20_000) this.stderrLines.splice(0, this.stderrLines.length - 10_000);
      this.wake();
    });
    proc.on('exit', (code, signal) => {
      this.exit = { code, signal };
      this.wake();
    });
    proc.stdin.on('error', () => {}); // writing to a dead server is part of some tests
  }

  static start(script: string, opts: { env?: Record<string, string>; args?: string[] } = {}): RawClient {
    const proc = spawn(process.execPath, [path.join(SERVERS_DIR, script), ...(opts.args ?? [])], {
      env: { ...process.env, ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new RawClient(proc);
  }

  private onLine(line: string) {
    if (line.trim() === '') return;
    try {
      const msg = JSON.parse(line);
      if (msg && typeof msg === 'object' && !Array.isArray(msg)) this.messages.push(msg);
      else this.junk.push(line);
    } catch {
      this.junk.push(line);
    }
  }

  private wake() {
    for (const w of [...this.waiters]) {
      if (w.check()) {
        this.waiters.delete(w);
        w.resolve();
      }
    }
  }

  /** Resolves once check() is true; rejects after timeoutMs with `what` in the message. */
  waitUntil(check: () => boolean, what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const tail = this.stderrLines.slice(-5).join('\n');
        reject(new Error(`timed out waiting for ${what}; exit=${JSON.stringify(this.exit)}; stderr tail:\n${tail}`));
      }, timeoutMs);
      const waiter: Waiter = { check, resolve: () => { clearTimeout(timer); resolve(); } };
      this.waiters.add(waiter);
    });
  }

  async waitForMessage(pred: (m: Message) => boolean, what: string, timeoutMs?: number): Promise<Message> {
    await this.waitUntil(() => this.messages.some(pred), what, timeoutMs);
    return this.messages.find(pred)!;
  }

  async waitForStderr(pattern: RegExp, timeoutMs?: number): Promise<string> {
    await this.waitUntil(() => this.stderrLines.some((l) => pattern.test(l)), `stderr ${pattern}`, timeoutMs);
    return this.stderrLines.find((l) => pattern.test(l))!;
  }

  async waitForExit(timeoutMs?: number) {
    await this.waitUntil(() => this.exit !== null, 'process exit', timeoutMs);
    return this.exit!;
  }

  responsesTo(id: string | number): Message[] {
    return this.messages.filter((m) => m.id === id && m.method === undefined);
  }

  sendRaw(text: string | Buffer) {
    this.proc.stdin.write(text);
  }

  send(msg: object) {
    this.sendRaw(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  }

  notify(method: string, params?: object) {
    this.send(params === undefined ? { method } : { method, params });
  }

  /** Sends a request and returns its id without waiting. */
  startRequest(method: string, params?: object, id: string | number = this.nextId++): string | number {
    this.send(params === undefined ? { id, method } : { id, method, params });
    return id;
  }

  /** Sends a request and waits for the response (result or error). */
  async request(method: string, params?: object, timeoutMs?: number): Promise<Message> {
    const id = this.startRequest(method, params);
    return this.waitForMessage((m) => m.id === id && m.method === undefined, `response to ${method} #${id}`, timeoutMs);
  }

  /** Modern-era request: adds the required _meta. */
  modern(method: string, params: object = {}, timeoutMs?: number) {
    return this.request(method, { ...params, _meta: MODERN_META }, timeoutMs);
  }

  /** Legacy handshake; resolves to the initialize response. */
  async initialize(protocolVersion = '2025-11-25'): Promise<Message> {
    const res = await this.request('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-client', version: '0' } });
    this.notify('notifications/initialized');
    return res;
  }

  /** Closes stdin (graceful shutdown), then kills if the server lingers. */
  async close(): Promise<void> {
    if (this.exit) return;
    this.proc.stdin.end();
    try {
      await this.waitForExit(5_000);
    } catch {
      this.proc.kill('SIGKILL');
      await this.waitForExit();
    }
  }
}
