// Checks 1–4: servers start, errors come back at once, pagination, eras.
import {McpError} from '../connection/errors.js';
import type {StdioHubServer} from '../hub/hub.js';
import type {ServerStatus} from '../hub/types.js';
import {CLIENT_INFO} from '../hub/hub.js';
import {McpSession} from '../session/session.js';
import {StdioTransport} from '../transport/stdio.js';
import {expect, since, type Check} from './check.js';

/** The tools the bundled notes server serves, two per page. */
const NOTES_TOOLS = ['search', 'read_note', 'list_recent'];
const MODERN = '2026-07-28';
const REQUEST_TIMEOUT_MS = 30_000;

const describe = (s: ServerStatus | undefined) => (s ? `${s.state}${s.reason ? `: ${s.reason}` : ''}` : 'not configured');

export const spawnCheck: Check = {
  n: 1,
  label: 'spawn',
  async run(fx) {
    const {row} = await fx.main;
    const parts = [fx.notes, fx.tickets].map((server) => {
      const s = row(server.alias);
      expect(s?.state === 'online', `${server.alias} is ${describe(s)}`);
      expect(s.toolCount > 0, `${server.alias} answered but listed no tools`);
      return `${server.alias} (${s.toolCount} tools, ${s.discoveryMs} ms)`;
    });
    return `${parts.join(' and ')} spawned and answered`;
  },
};

export const errorCheck: Check = {
  n: 2,
  label: 'errors',
  async run(fx) {
    const session = await openSession(fx.notes);
    try {
      const started = performance.now();
      let error: unknown;
      try {
        await session.callTool('breakerbox_self_check_no_such_tool', {}, {timeoutMs: REQUEST_TIMEOUT_MS});
      } catch (err) {
        error = err;
      }
      const ms = since(started);
      expect(error !== undefined, `${fx.notes.alias} answered a call to an unknown tool with a result, not a JSON-RPC error`);
      expect(error instanceof McpError, () => `expected a JSON-RPC error, got ${(error as Error).name}: ${(error as Error).message}`);
      expect(error.code === -32602, `expected error -32602, got ${error.code}: ${error.message}`);
      expect(ms < REQUEST_TIMEOUT_MS / 6, `error ${error.code} took ${ms} ms with a ${REQUEST_TIMEOUT_MS / 1000} s timeout`);
      return `unknown tool on ${fx.notes.alias} → ${error.code} in ${ms} ms (timeout ${REQUEST_TIMEOUT_MS / 1000} s)`;
    } finally {
      await session.close();
    }
  },
};

export const paginationCheck: Check = {
  n: 3,
  label: 'pagination',
  async run(fx) {
    const {hub, pages, row} = await fx.main;
    const alias = fx.notes.alias;
    const status = row(alias);
    expect(status?.state === 'online', `${alias} is ${describe(status)}`);
    const listed = pages.get(alias) ?? [];
    const names = hub.catalog.entries.filter((e) => e.alias === alias).map((e) => e.tool);
    const last = listed[listed.length - 1];
    expect(last && last.cursorOut === undefined, `${alias}: the last tools/list page still had a nextCursor`);
    const missing = NOTES_TOOLS.filter((t) => !names.includes(t));
    const n = listed.length;
    expect(missing.length === 0, `${alias} lists ${names.length} of ${NOTES_TOOLS.length} tools over ${n} page${n === 1 ? '' : 's'}; missing ${missing.join(', ')} (the list ended at a page without nextCursor)`);
    return `${alias} lists ${names.length} tools over ${n} page${n === 1 ? '' : 's'} (page sizes ${listed.map((p) => p.count).join(' + ')}, the end has no nextCursor)`;
  },
};

export const eraCheck: Check = {
  n: 4,
  label: 'era',
  async run(fx) {
    const {row: status} = await fx.main;
    const notes = status(fx.notes.alias);
    const tickets = status(fx.tickets.alias);
    expect(notes?.state === 'online' && tickets?.state === 'online', `${fx.notes.alias} is ${describe(notes)}, ${fx.tickets.alias} is ${describe(tickets)}`);
    expect(notes.era === 'modern' && notes.protocolVersion === MODERN, `${fx.notes.alias} was detected as ${notes.era} (${notes.protocolVersion}); expected modern (${MODERN})`);
    expect(tickets.era === 'legacy', `${fx.tickets.alias} was detected as ${tickets.era} (${tickets.protocolVersion}); expected legacy`);
    return `${fx.notes.alias} is modern (${notes.protocolVersion}), ${fx.tickets.alias} is legacy (${tickets.protocolVersion})`;
  },
};

async function openSession(server: StdioHubServer): Promise<McpSession> {
  const transport = new StdioTransport({command: server.command, args: server.args, cwd: server.cwd, env: server.env, closeGraceMs: 500});
  return McpSession.open(transport, {label: server.alias, clientInfo: CLIENT_INFO, handshakeTimeoutMs: server.startupTimeoutMs, requestTimeoutMs: REQUEST_TIMEOUT_MS});
}
