// The notes server's resources, prompt and completions (modern era).
//
// Resources: every note as `notes://<id>` (text/markdown), plus one binary
// attachment (a PNG), served a few per page with an opaque cursor; one
// template, `notes://{id}`. Prompt: `summarize_note` (argument `id`, required,
// and `style`, optional), whose arguments complete through completion/complete.
// Requests that carry `_meta["io.modelcontextprotocol/logLevel"]` get
// `notifications/message` entries at or above that level, before the answer.

import { RpcError, ERR } from './stdio-server.mjs';
import { CACHE_HINTS } from './mcp.mjs';
import { decodeCursor, encodeCursor } from './tools.mjs';
import { NOTES } from './notes-data.mjs';

const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';

// A 1x1 transparent PNG: the binary resource a client must summarise, not print.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const ATTACHMENT = { uri: 'notes://attachments/logo.png', name: 'logo.png', title: 'Team logo', mimeType: 'image/png', size: 70 };

const noteUri = (id) => `notes://${id}`;
const noteText = (n) => `# ${n.title}\n(updated ${n.updated}, id ${n.id})\n\n${n.body}`;

export const resources = () => [
  ...NOTES.map((n) => ({ uri: noteUri(n.id), name: n.id, title: n.title, description: `Note updated ${n.updated}`, mimeType: 'text/markdown' })),
  ATTACHMENT,
];

const STYLES = ['brief', 'detailed'];

export const prompts = [
  {
    name: 'summarize_note',
    title: 'Summarise a note',
    description: 'Ask the model for a summary of one note, with the note attached.',
    arguments: [
      { name: 'id', description: 'Note id, e.g. "n2" (completes)', required: true },
      { name: 'style', description: 'brief or detailed (default brief)' },
    ],
  },
];

/** Sends `notifications/message` when the request asked for `level` or less severe. */
export function logFor(send, params, level, data) {
  const asked = params?._meta?.[LOG_LEVEL];
  if (typeof asked !== 'string' || LEVELS.indexOf(level) < LEVELS.indexOf(asked)) return;
  send({ jsonrpc: '2.0', method: 'notifications/message', params: { level, logger: 'notes', data } });
}

const findNote = (id) => NOTES.find((n) => n.id === id);

function complete({ ref, argument, context }) {
  const value = typeof argument?.value === 'string' ? argument.value : '';
  const name = argument?.name;
  const fromIds = () => NOTES.map((n) => n.id).filter((id) => id.startsWith(value));
  let values;
  if (ref?.type === 'ref/prompt' && ref.name === 'summarize_note') {
    if (name === 'id') values = fromIds();
    else if (name === 'style') values = STYLES.filter((s) => s.startsWith(value));
    else throw new RpcError(ERR.INVALID_PARAMS, `summarize_note has no argument ${JSON.stringify(name)}`);
  } else if (ref?.type === 'ref/resource' && ref.uri === 'notes://{id}' && name === 'id') {
    values = fromIds();
  } else if (ref?.type === 'ref/prompt') {
    throw new RpcError(ERR.INVALID_PARAMS, `Unknown prompt: ${ref.name}`);
  } else {
    values = [];
  }
  void context;
  return { completion: { values, total: values.length, hasMore: false } };
}

/** resources/*, prompts/*, completion/complete; `send` writes a message to the client. */
export function resourceMethods(send, { pageSize = 4 } = {}) {
  return {
    'resources/list'(params) {
      const all = resources();
      const offset = decodeCursor(params.cursor, 'resources');
      const page = { resources: all.slice(offset, offset + pageSize), ...CACHE_HINTS };
      if (offset + pageSize < all.length) page.nextCursor = encodeCursor(offset + pageSize, 'resources');
      return page;
    },
    'resources/templates/list': () => ({
      resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note', title: 'A note by id', description: 'Any note; ids look like n1', mimeType: 'text/markdown' }],
      ...CACHE_HINTS,
    }),
    'resources/read'(params) {
      const uri = params.uri;
      logFor(send, params, 'debug', `resources/read ${JSON.stringify(uri)}`);
      if (uri === ATTACHMENT.uri) return { contents: [{ uri, mimeType: ATTACHMENT.mimeType, blob: PNG }], ...CACHE_HINTS };
      const note = typeof uri === 'string' && uri.startsWith('notes://') ? findNote(uri.slice('notes://'.length)) : undefined;
      if (!note) throw new RpcError(ERR.INVALID_PARAMS, `Resource not found: ${JSON.stringify(uri)}`, { uri });
      logFor(send, params, 'info', `read note ${note.id} (${note.title})`);
      return { contents: [{ uri, mimeType: 'text/markdown', text: noteText(note) }], ...CACHE_HINTS };
    },
    'prompts/list': () => ({ prompts, ...CACHE_HINTS }),
    'prompts/get'(params) {
      const { name, arguments: args = {} } = params;
      if (name !== 'summarize_note') throw new RpcError(ERR.INVALID_PARAMS, `Unknown prompt: ${JSON.stringify(name)}`);
      if (typeof args.id !== 'string' || args.id === '') throw new RpcError(ERR.INVALID_PARAMS, 'summarize_note needs the argument "id" (a note id such as n2)');
      const note = findNote(args.id);
      if (!note) throw new RpcError(ERR.INVALID_PARAMS, `No note with id ${JSON.stringify(args.id)}; ids are n1 to n${NOTES.length}`);
      const style = args.style ?? 'brief';
      if (!STYLES.includes(style)) throw new RpcError(ERR.INVALID_PARAMS, `style must be brief or detailed, not ${JSON.stringify(style)}`);
      logFor(send, params, 'info', `prompt summarize_note for ${note.id}`);
      return {
        description: `Summary of "${note.title}"`,
        messages: [
          { role: 'user', content: { type: 'text', text: `Summarise the note "${note.title}" (${note.id}) in a ${style} style.` } },
          { role: 'user', content: { type: 'resource', resource: { uri: noteUri(note.id), mimeType: 'text/markdown', text: noteText(note) } } },
        ],
      };
    },
    'completion/complete': complete,
  };
}

/** Which resource URIs exist (a subscription is honoured only for these). */
export const knownUri = (uri) => resources().some((r) => r.uri === uri);
