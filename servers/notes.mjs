#!/usr/bin/env node
// notes-server: a modern-era-only MCP server (protocol 2026-07-28) over stdio.
//
// No initialize handshake: every request must carry
// params._meta["io.modelcontextprotocol/protocolVersion"], else error -32022 with
// data {supported, requested}. `initialize` gets the same error, naming the versions.
// Tools (search, read_note, list_recent) are served a few per page with an opaque cursor.
// Every note is also a resource (notes://n1 …, plus one PNG attachment), a few per page;
// the prompt summarize_note takes a note id (completions offered). See lib/notes-resources.mjs.
//
// Knobs (environment variables), for tests and demos:
//   NOTES_PAGE_SIZE=2            tools per tools/list page
//   NOTES_DISCOVER_DELAY_MS=0    wait this long before answering server/discover (a slow server)
//   NOTES_SUPPORTED_VERSIONS=2026-07-28
//                                comma list of versions accepted; e.g. "2026-09-01" makes every
//                                2026-07-28 request fail with -32022 (tests version retry)
//   NOTES_CUT_PAGINATION=1       broken server: page 1 omits nextCursor, so only 2 tools show
//   NOTES_CHANGE_TOOLS_MS=N      N ms after a subscriptions/listen with toolsListChanged is
//                                acknowledged, add a `count_notes` tool and send
//                                notifications/tools/list_changed on that subscription
//   NOTES_RESOURCE_PAGE_SIZE=4   resources per resources/list page
//   NOTES_UPDATE_MS=N            N ms after a subscription to a note's URI is acknowledged,
//                                send notifications/resources/updated for it (once)
//
// The search tool's text starts with `notes/search received "<name as received>"` so a
// client can check that its prefixed tool reached this server under the original name.

import { serveMcp, modernEra, MODERN_VERSION, META } from './lib/mcp.mjs';
import { KEEP_OPEN, sleep, log } from './lib/stdio-server.mjs';
import { toolMethods, okResult, errorResult } from './lib/tools.mjs';
import { NOTES } from './lib/notes-data.mjs';
import { resourceMethods, knownUri, logFor } from './lib/notes-resources.mjs';

const env = process.env;
const pageSize = Math.max(1, Number(env.NOTES_PAGE_SIZE) || 2);
const discoverDelayMs = Number(env.NOTES_DISCOVER_DELAY_MS) || 0;
const versions = (env.NOTES_SUPPORTED_VERSIONS || MODERN_VERSION).split(',').map((v) => v.trim()).filter(Boolean);
const changeToolsMs = env.NOTES_CHANGE_TOOLS_MS === undefined ? null : Number(env.NOTES_CHANGE_TOOLS_MS);
const resourcePageSize = Math.max(1, Number(env.NOTES_RESOURCE_PAGE_SIZE) || 4);
const updateMs = env.NOTES_UPDATE_MS === undefined ? null : Number(env.NOTES_UPDATE_MS);

const readOnly = { readOnlyHint: true, openWorldHint: false };

// About 100 characters around the first hit, cut at spaces so words stay whole.
function snippet(body, term) {
  let start = Math.max(0, body.toLowerCase().indexOf(term) - 40);
  if (start > 0) start = body.indexOf(' ', start) + 1;
  let end = body.indexOf(' ', start + 100);
  if (end === -1) end = body.length;
  return `${start > 0 ? '…' : ''}${body.slice(start, end)}${end < body.length ? '…' : ''}`;
}

const tools = [
  {
    name: 'search',
    title: 'Search notes',
    description: 'Find notes whose title or text contains every word of the query (case-insensitive).',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'Words to look for, e.g. "deploy rollback"' },
        limit: { type: 'integer', minimum: 1, maximum: 8, description: 'Most matches to return (default 5)' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        matches: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, title: { type: 'string' }, snippet: { type: 'string' } },
            required: ['id', 'title', 'snippet'],
          },
        },
      },
      required: ['matches'],
    },
    annotations: readOnly,
    run({ query, limit = 5 }, { name }) {
      const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
      const matches = NOTES.filter((n) => terms.every((t) => `${n.title} ${n.body}`.toLowerCase().includes(t)))
        .slice(0, limit)
        .map((n) => ({ id: n.id, title: n.title, snippet: snippet(n.body, terms[0] ?? '') }));
      const head = `notes/search received ${JSON.stringify(name)} (query ${JSON.stringify(query)}): ` +
        `${matches.length} match${matches.length === 1 ? '' : 'es'}`;
      const lines = matches.map((m) => `- ${m.id} ${m.title}: ${m.snippet}`);
      return okResult([head, ...lines].join('\n'), { structuredContent: { matches } });
    },
  },
  {
    name: 'read_note',
    title: 'Read a note',
    description: 'Return the full text of one note by id (ids come from search or list_recent).',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', description: 'Note id, e.g. "n3"' } },
      required: ['id'],
      additionalProperties: false,
    },
    annotations: readOnly,
    run({ id }) {
      const note = NOTES.find((n) => n.id === id);
      if (!note) return errorResult(`No note with id ${JSON.stringify(id)}. Ids look like "n1"; call search or list_recent to find one.`);
      return okResult(`# ${note.title}\n(updated ${note.updated}, id ${note.id})\n\n${note.body}`);
    },
  },
  {
    name: 'list_recent',
    title: 'Recently updated notes',
    description: 'List the most recently updated notes, newest first.',
    inputSchema: {
      type: 'object',
      properties: { limit: { type: 'integer', minimum: 1, maximum: 8, description: 'How many (default 5)' } },
      additionalProperties: false,
    },
    annotations: readOnly,
    run({ limit = 5 }) {
      const recent = [...NOTES].sort((a, b) => b.updated.localeCompare(a.updated)).slice(0, limit);
      return okResult(recent.map((n) => `${n.updated} ${n.id} ${n.title}`).join('\n'));
    },
  },
];

// Added only by NOTES_CHANGE_TOOLS_MS, to demonstrate a modern list_changed notification.
const countTool = {
  name: 'count_notes',
  title: 'Count notes',
  description: 'Return how many notes exist.',
  inputSchema: { type: 'object', additionalProperties: false },
  annotations: readOnly,
  run: () => okResult(`${NOTES.length} notes`),
};

// Open subscriptions/listen streams: JSON-RPC id -> honoured filter.
const subscriptions = new Map();
const subMeta = (id) => ({ _meta: { [META.subscriptionId]: id } });

function changeTools() {
  if (tools.includes(countTool)) return;
  tools.push(countTool);
  for (const [id, filter] of subscriptions) {
    if (filter.toolsListChanged) server.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: subMeta(id) });
  }
}

const era = modernEra({
  versions,
  serverInfo: { name: 'notes-server', version: '1.0.0' },
  capabilities: {
    tools: { listChanged: true },
    resources: { subscribe: true, listChanged: true },
    prompts: { listChanged: false },
    completions: {},
    logging: {},
  },
  instructions: 'Team notes (runbooks, plans, checklists). Use search to find notes by keyword, ' +
    'read_note for the full text, list_recent for what changed lately. All tools are read-only.',
});

const calls = toolMethods(() => tools, { pageSize, cacheHints: true, cutPagination: env.NOTES_CUT_PAGINATION === '1' });

const server = serveMcp({
  era,
  methods: {
    async 'server/discover'(params, ctx) {
      if (discoverDelayMs > 0) await sleep(discoverDelayMs, ctx.signal);
      return era.methods['server/discover'](params);
    },
    ...calls,
    'tools/call'(params, ctx) {
      logFor(server.send, params, 'debug', `tools/call ${JSON.stringify(params.name)} ${JSON.stringify(params.arguments ?? {})}`);
      return calls['tools/call'](params, ctx);
    },
    ...resourceMethods((msg) => server.send(msg), { pageSize: resourcePageSize }),
    'subscriptions/listen'(params, { id, signal }) {
      // Honour only what we can deliver; the acknowledgement tells the client which.
      const asked = params.notifications ?? {};
      const filter = {};
      for (const key of ['toolsListChanged', 'resourcesListChanged']) if (asked[key] === true) filter[key] = true;
      const uris = Array.isArray(asked.resourceSubscriptions) ? asked.resourceSubscriptions.filter(knownUri) : [];
      if (uris.length > 0) filter.resourceSubscriptions = uris;
      subscriptions.set(id, filter);
      signal.addEventListener('abort', () => subscriptions.delete(id)); // client cancelled the stream
      server.send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { ...subMeta(id), notifications: filter } });
      if (changeToolsMs !== null && filter.toolsListChanged) setTimeout(changeTools, changeToolsMs);
      if (updateMs !== null) {
        for (const uri of uris) {
          setTimeout(() => subscriptions.has(id) && server.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { ...subMeta(id), uri } }), updateMs);
        }
      }
      return KEEP_OPEN;
    },
  },
  // stdin closed: end open streams gracefully (a response), so the client can tell
  // a clean close from a crash.
  onClose() {
    for (const id of subscriptions.keys()) server.send({ jsonrpc: '2.0', id, result: { resultType: 'complete', ...subMeta(id) } });
  },
});

log(`notes-server ready (versions ${versions.join(', ')}, page size ${pageSize})`);
