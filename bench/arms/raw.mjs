// The `raw` arm: the physical limit. A hand-rolled JSON-RPC loop with nothing
// a real client needs beyond the wire: spawn, split lines on bytes, JSON.parse,
// an id → promise map. No timeouts, no validation, no cancellation.

const MODERN_VERSION = '2026-07-28';
const CLIENT_INFO = { name: 'bench-raw', version: '1.0.0' };

/** Loads the "library" (only Node built-ins here). */
export async function load() {
  const { spawn } = await import('node:child_process');

  class RawClient {
    constructor(command, args, env, era) {
      this.era = era;
      this.nextId = 1;
      this.pending = new Map();
      this.held = [];
      // Detached like breakerbox's transport (its own session and process group).
      // On Linux with autogroup scheduling that decides the CPU share a server
      // gets on a busy machine; a raw arm without it starts 10 servers ~35%
      // slower here, which would flatter breakerbox, not measure it.
      this.child = spawn(command, args, { env, stdio: ['pipe', 'pipe', 'inherit'], detached: true });
      this.exited = new Promise((resolve) => this.child.once('close', resolve));
      this.child.stdout.on('data', (chunk) => this.push(chunk));
    }

    push(chunk) {
      let start = 0;
      let nl = chunk.indexOf(10);
      while (nl !== -1) {
        let line = chunk.subarray(start, nl);
        if (this.held.length) {
          this.held.push(line);
          line = Buffer.concat(this.held);
          this.held = [];
        }
        if (line.length) this.receive(JSON.parse(line.toString('utf8')));
        start = nl + 1;
        nl = chunk.indexOf(10, start);
      }
      if (start < chunk.length) this.held.push(chunk.subarray(start));
    }

    receive(msg) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${msg.error.code} ${msg.error.message}`));
      else p.resolve(msg.result);
    }

    request(method, params) {
      const id = this.nextId++;
      if (this.era === 'modern') {
        params = {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
            'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        };
      }
      return new Promise((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      });
    }

    notify(method, params) {
      this.child.stdin.write(JSON.stringify(params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method }) + '\n');
    }

    async handshake() {
      if (this.era === 'probe') {
        // A first contact (raw-list-guarded.mjs): the spec's order, server/discover
        // first; any error means legacy. No timeout: the bundled servers answer.
        this.era = 'modern';
        try {
          await this.request('server/discover', {});
          return;
        } catch {
          this.era = 'legacy';
        }
      }
      if (this.era === 'modern') {
        await this.request('server/discover', {});
      } else {
        await this.request('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO });
        this.notify('notifications/initialized');
      }
    }

    async listAll() {
      const tools = [];
      let cursor;
      do {
        const page = await this.request('tools/list', cursor === undefined ? {} : { cursor });
        for (const t of page.tools) tools.push(t);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
    }

    caller(name) {
      return (args) => this.request('tools/call', { name, arguments: args });
    }

    mark() {
      this.notify('notifications/bench/mark');
    }

    async close() {
      this.child.stdin.end();
      await this.exited;
    }
  }

  return {
    async connect({ command, args, env, era, onSpawn }) {
      const client = new RawClient(command, args, env, era);
      onSpawn?.(client.child);
      await client.handshake();
      return client;
    },
  };
}
