// A local stand-in for the Anthropic Messages API, good enough for the real
// SDK: POST /v1/messages answered with a proper SSE stream (event: lines,
// ping, message_start … message_stop) or with an error status. Every request
// body is recorded so tests can assert on exactly what was sent. It models
// the API's own tool search too: tools with `defer_loading` need the search
// tool, a reply can run a search (server_tool_use + tool_search_tool_result
// blocks) before its tool calls, and a call to a deferred tool no search has
// found is refused, as the real model could not make it. With
// `rejectToolSearch` it is a gateway that knows neither (a 400 naming them).
import {createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse} from 'node:http';
import {listenLocal, readBody} from './local-http.js';

/** A tool call the fake model makes; `id` defaults to `toolu_fake_<n>`. */
export interface FakeToolUse {
  id?: string;
  name: string;
  input: unknown;
  /** The arguments' text exactly as streamed instead of `input` as JSON: a cut-off or broken call. */
  inputText?: string;
}

/** A successful streamed answer. */
export interface FakeMessageReply {
  text?: string;
  /** Explicit text deltas; otherwise `text` is split word by word. */
  deltas?: string[];
  toolUses?: FakeToolUse[];
  /** Defaults to `tool_use` when there are tool uses, else `end_turn`. */
  stopReason?: string;
  usage?: {input_tokens?: number; output_tokens?: number; cache_creation_input_tokens?: number; cache_read_input_tokens?: number};
  /** Pause between events, in ms. */
  delayMs?: number;
  /** After the text deltas, keep the stream open until the client goes away. */
  hang?: boolean;
  /**
   * A search the API runs itself before the tool calls: the deferred tools of
   * the request whose name or description shares most words with `query`
   * (best 5), or exactly `found`.
   */
  toolSearch?: {query: string; found?: string[]};
  /** After the text deltas, close the connection without finishing the stream (a proxy that cut it); `'clean'` ends the response properly, only early. */
  cut?: boolean | 'clean';
  /** Send an SSE `error` event after the text instead of finishing. */
  streamError?: {type: string; message: string};
}

/** An HTTP error answer; `error.type` defaults from the status. */
export interface FakeErrorReply {
  status: number;
  error?: {type?: string; message?: string};
  headers?: Record<string, string>;
  /** Sent as is (text/html) instead of the API's JSON error: a proxy's own error page. */
  page?: string;
}

/** Close the socket without answering (a network failure). */
export interface FakeDropReply {
  drop: true;
}

/** What the handler tells the fake to answer. */
export type FakeReply = FakeMessageReply | FakeErrorReply | FakeDropReply;

/** Decides the answer to one request from its parsed body. */
export type FakeHandler = (body: any, req: IncomingMessage) => FakeReply | Promise<FakeReply>;

/** A running fake: point the SDK's baseURL (no `/v1`) at `url`. */
export interface FakeAnthropic {
  url: string;
  /** Parsed JSON bodies of every request except token counts, in arrival order. */
  requests: any[];
  /** Headers of those requests, in the same order. */
  headers: IncomingHttpHeaders[];
  /** Parsed JSON bodies of the token-count requests (the driver counts tool tokens beside the turn, in any order). */
  counts: any[];
  close(): Promise<void>;
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** How the fake behaves beyond the handler's answers. */
export interface FakeAnthropicOptions {
  /** Refuse `defer_loading` and the tool search tool with a 400, like a gateway that does not know them. */
  rejectToolSearch?: boolean;
  /** Answer token counts with a 404, like a gateway that has no counting endpoint. */
  noTokenCounting?: boolean;
}

/** Starts the fake on 127.0.0.1 with a free port. */
export async function startFakeAnthropic(handler: FakeHandler, options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const requests: any[] = [];
  const counts: any[] = [];
  const headers: IncomingHttpHeaders[] = [];
  let toolCounter = 0;

  const server = createServer(async (req, res) => {
    try {
      const raw = await readBody(req);
      const body = raw ? JSON.parse(raw) : undefined;
      // Token counting: a fixed rule (4 characters of the tools and messages' JSON per token) tests can recompute.
      if (req.method === 'POST' && req.url?.split('?')[0] === '/v1/messages/count_tokens') {
        counts.push(body);
        if (options.noTokenCounting) return sendError(res, {status: 404, error: {message: 'Not Found'}});
        return sendJson(res, 200, {input_tokens: Math.ceil(JSON.stringify([body?.tools ?? [], body?.messages ?? []]).length / 4)});
      }
      requests.push(body);
      headers.push(req.headers);
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/messages') {
        return sendError(res, {status: 404, error: {message: `fake: no route ${req.method} ${req.url}`}});
      }
      const refusal = toolSearchRefusal(body, options);
      if (refusal) return sendError(res, {status: 400, error: {message: refusal}});
      const reply = await handler(body, req);
      if ('drop' in reply) return void req.socket.destroy();
      if ('status' in reply) return sendError(res, reply);
      const toolUses = (reply.toolUses ?? []).map((t) => ({...t, id: t.id ?? `toolu_fake_${++toolCounter}`}));
      const search = reply.toolSearch ? runSearch(body, reply.toolSearch, `srvtoolu_fake_${++toolCounter}`) : [];
      const unfound = unfoundDeferredCall(body, search, toolUses);
      if (unfound) return sendError(res, {status: 500, error: {message: `fake: the model called ${unfound}, a deferred tool no tool search has found`}});
      if (body?.stream) await sendStream(res, body, reply, toolUses, search);
      else sendJson(res, 200, finalMessage(body, reply, toolUses, search));
    } catch (error) {
      if (!res.headersSent) sendError(res, {status: 500, error: {message: `fake handler failed: ${String(error)}`}});
      else res.destroy();
    }
  });
  const {port, close} = await listenLocal(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    counts,
    headers,
    close,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  res.writeHead(status, {'content-type': 'application/json', 'request-id': 'req_fake', ...extra});
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, reply: FakeErrorReply): void {
  if (reply.page !== undefined) {
    res.writeHead(reply.status, {'content-type': 'text/html', ...reply.headers});
    return void res.end(reply.page);
  }
  const type = reply.error?.type ?? ERROR_TYPES[reply.status] ?? (reply.status >= 500 ? 'api_error' : 'invalid_request_error');
  const message = reply.error?.message ?? `fake ${reply.status}`;
  sendJson(res, reply.status, {type: 'error', error: {type, message}}, {...reply.headers});
}

function textDeltas(reply: FakeMessageReply): string[] {
  if (reply.deltas) return reply.deltas;
  if (!reply.text) return [];
  return reply.text.match(/\s*\S+\s*/g) ?? [reply.text];
}

function usageOf(body: any, reply: FakeMessageReply) {
  return {
    input_tokens: reply.usage?.input_tokens ?? Math.ceil(JSON.stringify(body ?? {}).length / 4),
    output_tokens: reply.usage?.output_tokens ?? 12,
    cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? 0,
  };
}

function stopReasonOf(reply: FakeMessageReply, toolUses: FakeToolUse[]): string {
  return reply.stopReason ?? (toolUses.length > 0 ? 'tool_use' : 'end_turn');
}

const SEARCH_TYPES = /^tool_search_tool_(bm25|regex)/;
const isSearchTool = (t: any) => typeof t?.type === 'string' && SEARCH_TYPES.test(t.type);

/** Why the request is refused for its tool search parts, if it is. */
function toolSearchRefusal(body: any, options: FakeAnthropicOptions): string | undefined {
  const tools: any[] = body?.tools ?? [];
  const deferredAt = tools.findIndex((t) => t?.defer_loading);
  const searchAt = tools.findIndex(isSearchTool);
  if (options.rejectToolSearch) {
    if (searchAt >= 0) return `tools.${searchAt}: Input tag '${tools[searchAt].type}' found using 'type' does not match any of the expected tags`;
    if (deferredAt >= 0) return `tools.${deferredAt}.custom.defer_loading: Extra inputs are not permitted`;
    return undefined;
  }
  if (deferredAt >= 0 && searchAt < 0) return 'tools: deferred tools (defer_loading) need a tool search tool in the request';
  if (tools.length > 0 && tools.every((t) => t?.defer_loading)) return 'tools: at least one tool must not be deferred';
  return undefined;
}

/** The search blocks of one reply: the server_tool_use and its result. */
function runSearch(body: any, search: {query: string; found?: string[]}, id: string): any[] {
  const tool = (body?.tools ?? []).find(isSearchTool);
  if (!tool) throw new Error('the reply runs a tool search but the request has no tool search tool');
  const deferred: any[] = (body.tools ?? []).filter((t: any) => t?.defer_loading);
  const words = (s: string) => new Set(s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 2));
  const query = words(search.query);
  const score = (t: any) => [...words(`${t.name} ${t.description ?? ''}`)].filter((w) => query.has(w)).length;
  const found =
    search.found ??
    deferred
      .map((t, i) => ({name: t.name as string, s: score(t), i}))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .slice(0, 5)
      .map((x) => x.name);
  return [
    {type: 'server_tool_use', id, name: tool.name, input: {query: search.query}},
    {type: 'tool_search_tool_result', tool_use_id: id, content: {type: 'tool_search_tool_search_result', tool_references: found.map((tool_name) => ({type: 'tool_reference', tool_name}))}},
  ];
}

/** A tool call to a deferred tool that no search (in this reply or the history) found. */
function unfoundDeferredCall(body: any, search: any[], toolUses: FakeToolUse[]): string | undefined {
  const deferred = new Set((body?.tools ?? []).filter((t: any) => t?.defer_loading).map((t: any) => t.name));
  const found = new Set<string>();
  const blocks = [...(body?.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])), ...search];
  for (const b of blocks) if (b?.type === 'tool_search_tool_result') for (const r of b.content?.tool_references ?? []) found.add(r.tool_name);
  return toolUses.find((t) => deferred.has(t.name) && !found.has(t.name))?.name;
}

function finalMessage(body: any, reply: FakeMessageReply, toolUses: Array<FakeToolUse & {id: string}>, search: any[] = []) {
  const text = reply.text ?? textDeltas(reply).join('');
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: body?.model ?? 'fake',
    content: [
      ...(text ? [{type: 'text', text}] : []),
      ...search,
      ...toolUses.map((t) => ({type: 'tool_use', id: t.id, name: t.name, input: t.input})),
    ],
    stop_reason: stopReasonOf(reply, toolUses),
    stop_sequence: null,
    usage: usageOf(body, reply),
  };
}

async function sendStream(res: ServerResponse, body: any, reply: FakeMessageReply, toolUses: Array<FakeToolUse & {id: string}>, search: any[] = []) {
  res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': 'req_fake'});
  const send = async (event: string, data: unknown) => {
    if (res.destroyed) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
  };
  const usage = usageOf(body, reply);
  await send('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: body?.model ?? 'fake',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {...usage, output_tokens: 1},
    },
  });
  await send('ping', {type: 'ping'});
  let index = 0;
  const deltas = textDeltas(reply);
  if (deltas.length > 0) {
    await send('content_block_start', {type: 'content_block_start', index, content_block: {type: 'text', text: ''}});
    for (const text of deltas) await send('content_block_delta', {type: 'content_block_delta', index, delta: {type: 'text_delta', text}});
    // Give the client time to read what was sent, so the cut comes mid-answer.
    if (reply.cut) return void setTimeout(() => (reply.cut === 'clean' ? res.end() : res.destroy()), 50);
    if (reply.hang || reply.streamError) return finishEarly(res, reply, send);
    await send('content_block_stop', {type: 'content_block_stop', index});
    index++;
  } else if (reply.hang || reply.streamError) {
    return finishEarly(res, reply, send);
  }
  for (const block of search) {
    // The search call streams its input like a tool call; its result arrives whole.
    const {input, ...start} = block;
    await send('content_block_start', {type: 'content_block_start', index, content_block: block.type === 'server_tool_use' ? {...start, input: {}} : block});
    if (block.type === 'server_tool_use') await send('content_block_delta', {type: 'content_block_delta', index, delta: {type: 'input_json_delta', partial_json: JSON.stringify(input)}});
    await send('content_block_stop', {type: 'content_block_stop', index});
    index++;
  }
  for (const tool of toolUses) {
    await send('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: {type: 'tool_use', id: tool.id, name: tool.name, input: {}},
    });
    // The real API sends the arguments as JSON fragments; so do we.
    for (const partial_json of splitInThree(tool.inputText ?? JSON.stringify(tool.input ?? {}))) {
      await send('content_block_delta', {type: 'content_block_delta', index, delta: {type: 'input_json_delta', partial_json}});
    }
    await send('content_block_stop', {type: 'content_block_stop', index});
    index++;
  }
  await send('message_delta', {
    type: 'message_delta',
    delta: {stop_reason: stopReasonOf(reply, toolUses), stop_sequence: null},
    usage: {output_tokens: usage.output_tokens},
  });
  await send('message_stop', {type: 'message_stop'});
  res.end();
}

async function finishEarly(res: ServerResponse, reply: FakeMessageReply, send: (e: string, d: unknown) => Promise<void>) {
  if (reply.streamError) {
    await send('error', {type: 'error', error: reply.streamError});
    res.end();
  }
  // hang: leave the response open; close() or the client's abort ends it.
}

function splitInThree(json: string): string[] {
  const a = Math.floor(json.length / 3);
  const b = Math.floor((2 * json.length) / 3);
  return [json.slice(0, a), json.slice(a, b), json.slice(b)].filter((s) => s.length > 0);
}
