import type {Connection} from '../connection/connection.js';
import {McpError} from '../connection/errors.js';
import type {Era, InputRequest} from './mcp-types.js';

/** Who is asking, for the UI that answers. */
export interface RequestContext {
  alias: string;
  tool?: string;
  signal?: AbortSignal;
}

/**
 * What this client can do for a server. Only what is set here is declared in
 * capabilities; the same handlers answer legacy server requests and modern
 * MRTR input requests.
 */
export interface ClientFeatures {
  roots?: () => Array<{uri: string; name?: string}>;
  elicit?: (params: Record<string, unknown>, ctx: RequestContext) => Promise<Record<string, unknown>>;
  sample?: (params: Record<string, unknown>, ctx: RequestContext) => Promise<Record<string, unknown>>;
}

/** Capabilities as each era declares them. */
export function clientCapabilities(f: ClientFeatures, _era: Era): Record<string, unknown> {
  const caps: Record<string, unknown> = {};
  if (f.roots) caps.roots = {listChanged: false};
  if (f.elicit) caps.elicitation = {form: {}, url: {}};
  if (f.sample) caps.sampling = {};
  return caps;
}

/**
 * Answers legacy server → client requests; anything else gets -32601 from the
 * connection. `context` names the tool call the request most likely belongs to
 * (legacy requests do not say); the server's own cancellation aborts the ask.
 */
export function registerServerRequests(conn: Connection, f: ClientFeatures, alias = '', context: () => {tool?: string} = () => ({})): void {
  const ctx = (signal: AbortSignal): RequestContext => ({alias, signal, ...context()});
  if (f.roots) conn.handle('roots/list', () => ({roots: f.roots!()}));
  if (f.elicit) conn.handle('elicitation/create', (params, _id, signal) => f.elicit!(params ?? {}, ctx(signal)));
  if (f.sample) conn.handle('sampling/createMessage', (params, _id, signal) => f.sample!(params ?? {}, ctx(signal)));
}

/**
 * Gathers the answers to one MRTR round, key by key. The keys are the
 * server's: `__proto__` or `constructor` are keys like any other, so the
 * answers go into an object without a prototype, where assigning
 * `__proto__` makes an own property (JSON.stringify writes it) instead of
 * replacing the prototype (and vanishing from the retry).
 */
export async function answerInputRequests(
  requests: Record<string, InputRequest>,
  f: ClientFeatures,
  ctx: RequestContext,
): Promise<Record<string, unknown>> {
  const responses = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(requests)) {
    responses[key] = await answerOne(requests[key]!, f, ctx);
  }
  return responses;
}

async function answerOne(request: InputRequest, f: ClientFeatures, ctx: RequestContext): Promise<unknown> {
  const params = request?.params ?? {};
  switch (request?.method) {
    case 'roots/list':
      return {roots: f.roots ? f.roots() : []};
    case 'elicitation/create':
      return f.elicit ? f.elicit(params, ctx) : {action: 'decline'};
    case 'sampling/createMessage':
      if (!f.sample) throw new McpError(-32601, `${ctx.alias} asked for sampling, which is not enabled for it (set "sampling": true in its config)`);
      return f.sample(params, ctx);
    default:
      throw new McpError(-32601, `${ctx.alias} asked for ${JSON.stringify(request?.method)}, which breakerbox does not support`);
  }
}
