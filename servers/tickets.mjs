#!/usr/bin/env node
// tickets-server: a legacy-era-only MCP server (initialize handshake, 2025-11-25 and older).
//
// Behaves like servers built on the official SDKs before 2026: `initialize` must come
// first (other requests except ping get -32002), `server/discover` is simply an unknown
// method (-32601, which is what makes a dual-era client fall back), results have no
// resultType, and all tools fit on one tools/list page.
//
// It has a `search` tool on purpose: notes-server has one too, so a client must keep
// the two apart. Its text starts with `tickets/search received "<name as received>"`.
//
// No knobs. Data is in memory and resets on every start.

import { serveMcp, legacyEra } from './lib/mcp.mjs';
import { RpcError, ERR, log } from './lib/stdio-server.mjs';
import { toolMethods, okResult, errorResult } from './lib/tools.mjs';

const tickets = [
  { id: 'T-101', title: 'Rotate the staging database password', status: 'open', priority: 'high', due: '2026-07-15' },
  { id: 'T-102', title: 'Login page times out on Safari', status: 'open', priority: 'high', due: '2026-07-01' },
  { id: 'T-103', title: 'Book the offsite venue in Lisbon', status: 'closed', priority: 'normal', due: '2026-05-30' },
  { id: 'T-104', title: 'Flaky search integration test', status: 'open', priority: 'normal' },
  { id: 'T-105', title: 'Update the on-call rota for August', status: 'open', priority: 'low', due: '2026-07-25' },
  { id: 'T-106', title: 'Search results ignore accents', status: 'open', priority: 'low' },
];
let nextNumber = 107;

const describe = (t) => `${t.id} [${t.status}, ${t.priority}] ${t.title}${t.due ? ` (due ${t.due})` : ''}`;

// Real calendar dates only: 2026-02-30 is rejected too.
const isDate = (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

function findTicket(id) {
  const ticket = tickets.find((t) => t.id === id);
  if (ticket) return { ticket };
  return { error: errorResult(`No ticket with id ${JSON.stringify(id)}. Ids look like "T-101" (capital T, hyphen); use search to find one.`) };
}

const idArg = { id: { type: 'string', description: 'Ticket id, e.g. "T-101"' } };

const tools = [
  {
    name: 'search',
    title: 'Search tickets',
    description: 'Find tickets whose title contains every word of the query (case-insensitive), open or closed.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1, description: 'Words to look for, e.g. "login"' } },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
    run({ query }, { name }) {
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const hits = tickets.filter((t) => terms.every((term) => t.title.toLowerCase().includes(term)));
      const head = `tickets/search received ${JSON.stringify(name)} (query ${JSON.stringify(query)}): ` +
        `${hits.length} match${hits.length === 1 ? '' : 'es'}`;
      return okResult([head, ...hits.map((t) => `- ${describe(t)}`)].join('\n'));
    },
  },
  {
    name: 'create_ticket',
    title: 'Create a ticket',
    description: 'Open a new ticket. Returns its id.',
    inputSchema: {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 1, description: 'One-line summary' },
        due: { type: 'string', description: 'Due date as YYYY-MM-DD, e.g. 2026-12-01' },
        priority: { type: 'string', enum: ['low', 'normal', 'high'], description: 'Default: normal' },
      },
      required: ['title'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    run({ title, due, priority = 'normal' }) {
      // Written for the model: say what is wrong, the form expected, and what we got.
      if (due !== undefined && !isDate(due)) {
        const what = /^\d{4}-\d{2}-\d{2}$/.test(due) ? 'a real calendar date' : 'a date in YYYY-MM-DD form';
        return errorResult(`due must be ${what}, e.g. 2026-12-01; got ${JSON.stringify(due)}. ` +
          'Work out the calendar date and call create_ticket again, or leave due out.');
      }
      const ticket = { id: `T-${nextNumber++}`, title, status: 'open', priority, ...(due ? { due } : {}) };
      tickets.push(ticket);
      return okResult(`Created ${describe(ticket)}`);
    },
  },
  {
    name: 'close_ticket',
    title: 'Close a ticket',
    description: 'Close a ticket for good. It cannot be reopened with these tools.',
    inputSchema: {
      type: 'object',
      properties: { ...idArg, resolution: { type: 'string', description: 'Why it was closed (optional)' } },
      required: ['id'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    run({ id, resolution }) {
      const { ticket, error } = findTicket(id);
      if (error) return error;
      if (ticket.status === 'closed') return okResult(`${ticket.id} was already closed; nothing changed.`);
      ticket.status = 'closed';
      if (resolution) ticket.resolution = resolution;
      return okResult(`Closed ${describe(ticket)}${resolution ? `: ${resolution}` : ''}`);
    },
  },
  {
    name: 'get_ticket',
    title: 'Get a ticket',
    description: 'Show one ticket by id.',
    inputSchema: { type: 'object', properties: idArg, required: ['id'], additionalProperties: false },
    annotations: { readOnlyHint: true },
    run({ id }) {
      const { ticket, error } = findTicket(id);
      return error ?? okResult(describe(ticket) + (ticket.resolution ? `\nresolution: ${ticket.resolution}` : ''));
    },
  },
];

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

// logging/setLevel decides which of these reach the client (default: warning and up).
let logLevel = 'warning';
const calls = toolMethods(() => tools);

const server = serveMcp({
  era: legacyEra({
    serverInfo: { name: 'tickets-server', version: '1.0.0' },
    capabilities: { tools: { listChanged: false }, logging: {} },
    instructions: 'Team ticket tracker. search finds tickets by title; get_ticket shows one; ' +
      'create_ticket opens one (due dates are YYYY-MM-DD); close_ticket cannot be undone.',
  }),
  methods: {
    ...calls,
    'tools/call'(params, ctx) {
      const send = (level, data) => LEVELS.indexOf(level) >= LEVELS.indexOf(logLevel) &&
        server.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'tickets', data } });
      send('info', `tools/call ${params.name}`);
      send('debug', { tool: params.name, arguments: params.arguments ?? {} });
      return calls['tools/call'](params, ctx);
    },
    'logging/setLevel'({ level }) {
      if (!LEVELS.includes(level)) throw new RpcError(ERR.INVALID_PARAMS, `level must be one of ${LEVELS.join(', ')}`);
      logLevel = level;
      log(`log level set to ${level}`);
      return {};
    },
  },
});

log('tickets-server ready (legacy handshake)');
