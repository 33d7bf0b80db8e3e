// A local stand-in for the Chat Completions API, good enough for the official
// SDK: POST /v1/chat/completions answered with an SSE stream of
// `chat.completion.chunk`s (text deltas, tool calls in fragments, usage in a
// last chunk, `data: [DONE]`) or with an error status. Every request body is
// recorded so tests can assert on exactly what was sent.
import {createServer, type IncomingHttpHeaders, type ServerResponse} from 'node:http';
import {listenLocal, readBody} from './local-http.js';

/** A tool call the fake model makes; `arguments` may be raw text (to send broken JSON). */
export interface FakeCall {
  id?: string;
  name: string;
  arguments: unknown;
}

/** A successful streamed answer. */
export interface FakeChatReply {
  text?: string;
  /** Explicit text deltas; otherwise `text` is split word by word. */
  deltas?: string[];
  calls?: FakeCall[];
  finishReason?: string;
  usage?: {prompt_tokens: number; completion_tokens: number; cached?: number};
  /** Send an `error` object in the stream after the text instead of finishing. */
  streamError?: {message: string; type?: string};
  /** After the text deltas, keep the stream open until the client goes away. */
  hang?: boolean;
  /** After the text deltas, close the connection without finishing the stream (a proxy that cut it). */
  cut?: boolean;
  /** Leave out `index`, `id` and `type` on tool-call deltas (as some local servers do), one chunk per call. */
  sloppy?: boolean;
}

/** An HTTP error answer. */
export interface FakeChatError {
  status: number;
  error?: {message?: string; type?: string; code?: string};
}

/** What the handler tells the fake to answer. */
export type FakeChatAnswer = FakeChatReply | FakeChatError;

/** A running fake: point the SDK's baseURL at `url` (it ends in `/v1`). */
export interface FakeOpenAI {
  url: string;
  requests: any[];
  headers: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** Starts the fake on 127.0.0.1 with a free port. */
export async function startFakeOpenAI(handler: (body: any) => FakeChatAnswer | Promise<FakeChatAnswer>): Promise<FakeOpenAI> {
  const requests: any[] = [];
  const headers: IncomingHttpHeaders[] = [];
  let counter = 0;
  const server = createServer(async (req, res) => {
    try {
      const body = JSON.parse((await readBody(req)) || 'null');
      requests.push(body);
      headers.push(req.headers);
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/chat/completions') return sendError(res, {status: 404, error: {message: `fake: no route ${req.method} ${req.url}`}});
      const reply = await handler(body);
      if ('status' in reply) return sendError(res, reply);
      const calls = (reply.calls ?? []).map((c) => ({...c, id: c.id ?? `call_fake_${++counter}`}));
      sendStream(res, body, reply, calls);
    } catch (error) {
      if (!res.headersSent) sendError(res, {status: 500, error: {message: `fake handler failed: ${String(error)}`}});
      else res.destroy();
    }
  });
  const {port, close} = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close,
  };
}

function sendError(res: ServerResponse, reply: FakeChatError): void {
  res.writeHead(reply.status, {'content-type': 'application/json'});
  res.end(JSON.stringify({error: {message: reply.error?.message ?? `fake ${reply.status}`, type: reply.error?.type ?? 'invalid_request_error', code: reply.error?.code ?? null}}));
}

function sendStream(res: ServerResponse, body: any, reply: FakeChatReply, calls: Array<FakeCall & {id: string}>): void {
  res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache'});
  const base = {id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1, model: body?.model ?? 'fake'};
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => send({...base, choices: [{index: 0, delta, finish_reason: finish}]});
  chunk({role: 'assistant', content: ''});
  const deltas = reply.deltas ?? reply.text?.match(/\s*\S+\s*/g) ?? [];
  for (const content of deltas) chunk({content});
  // Give the client time to read what was sent, so the cut comes mid-answer.
  if (reply.cut) return void setTimeout(() => res.destroy(), 50);
  if (reply.hang) return;
  if (reply.streamError) {
    send({error: {message: reply.streamError.message, type: reply.streamError.type ?? 'server_error'}});
    return void res.end();
  }
  calls.forEach((c, index) => {
    const args = typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments);
    if (reply.sloppy) return chunk({tool_calls: [{id: c.id, function: {name: c.name, arguments: args}}]});
    const third = Math.ceil(args.length / 3);
    chunk({tool_calls: [{index, id: c.id, type: 'function', function: {name: c.name, arguments: ''}}]});
    for (let i = 0; i < args.length; i += third) chunk({tool_calls: [{index, function: {arguments: args.slice(i, i + third)}}]});
  });
  chunk({}, reply.finishReason ?? (calls.length ? 'tool_calls' : 'stop'));
  if (body?.stream_options?.include_usage) {
    const u = reply.usage ?? {prompt_tokens: 100, completion_tokens: 10};
    send({...base, choices: [], usage: {prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens, total_tokens: u.prompt_tokens + u.completion_tokens, prompt_tokens_details: {cached_tokens: u.cached ?? 0}}});
  }
  res.write('data: [DONE]\n\n');
  res.end();
}
