import {pathToFileURL} from 'node:url';
import {McpError} from '../connection/errors.js';
import type {ServerConfig} from '../config/index.js';
import type {ClientFeatures, RequestContext} from '../session/server-requests.js';
import type {InputRequestView} from '../state/app-state.js';
import {stripControl, stripControlLine} from '../util/sanitize.js';
import type {Model, ModelContent, ModelMessage} from './model.js';

/** The user's answer to a server request. */
export interface InputAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
}

/** What the features need from the running app. */
export interface FeatureHost {
  interactive: boolean;
  /** `--yes`: accept what can be accepted without asking. */
  yes: boolean;
  model(): Model;
  /** Shows the request to the user and waits for the answer. */
  ask(request: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal): Promise<InputAnswer>;
}

/**
 * What breakerbox can do for one server. Only what is set is declared: roots
 * when configured, elicitation always (a form in the UI, a decline in
 * `--print` unless `--yes` and every required field has a default), sampling
 * only with `"sampling": true` in the server's config.
 */
export function clientFeatures(server: ServerConfig, host: FeatureHost): ClientFeatures {
  const features: ClientFeatures = {elicit: (params, ctx) => elicit(params, ctx, host)};
  if (server.roots.length) features.roots = configuredRoots(server);
  if (server.sampling) features.sample = (params, ctx) => sample(params, ctx, host);
  return features;
}

/** The server's configured directories as `file://` roots. */
export function configuredRoots(server: Pick<ServerConfig, 'roots'>): () => Array<{uri: string; name: string}> {
  return () => server.roots.map((dir) => ({uri: pathToFileURL(dir).href, name: dir}));
}

async function elicit(params: Record<string, unknown>, ctx: RequestContext, host: FeatureHost): Promise<Record<string, unknown>> {
  const message = stripControl(String(params.message ?? ''));
  const url = typeof params.url === 'string' ? stripControlLine(params.url) : undefined;
  const schema = isObject(params.requestedSchema) ? params.requestedSchema : undefined;
  if (!host.interactive) {
    if (url || !host.yes || !schema) return {action: 'decline'};
    const content = defaultsFor(schema);
    return content ? {action: 'accept', content} : {action: 'decline'};
  }
  const answer = await host.ask({alias: ctx.alias, kind: 'elicitation', message, schema, url, tool: ctx.tool}, ctx.signal);
  return answer.action === 'accept' && !url ? {action: 'accept', content: answer.content ?? {}} : {action: answer.action};
}

async function sample(params: Record<string, unknown>, ctx: RequestContext, host: FeatureHost): Promise<Record<string, unknown>> {
  const messages = toModelMessages(params.messages);
  const preview = messages.map((m) => `${m.role}: ${m.content.map((c) => (c.type === 'text' ? c.text : `[${c.type}]`)).join(' ')}`).join('\n');
  const system = typeof params.systemPrompt === 'string' ? params.systemPrompt : '';
  if (!host.interactive && !host.yes) throw new McpError(-1, `sampling request from ${ctx.alias} declined: this run cannot ask the user (use --yes to allow it)`);
  if (host.interactive) {
    const answer = await host.ask({alias: ctx.alias, kind: 'sampling', message: stripControl(`${system ? `system: ${system}\n` : ''}${preview}`), tool: ctx.tool}, ctx.signal);
    if (answer.action !== 'accept') throw new McpError(-1, 'the user declined the sampling request');
  }
  const model = host.model();
  const response = await model.respond({system, tools: [], messages, maxTokens: typeof params.maxTokens === 'number' ? params.maxTokens : 1000, signal: ctx.signal});
  const text = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  return {role: 'assistant', content: {type: 'text', text}, model: model.label, stopReason: response.stopReason === 'max_tokens' ? 'maxTokens' : 'endTurn'};
}

/** MCP sampling messages (content a block or an array of blocks) → model messages; non-text becomes a note. */
function toModelMessages(raw: unknown): ModelMessage[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((m) => {
    const role = (m as {role?: unknown})?.role === 'assistant' ? 'assistant' : 'user';
    const blocks = [(m as {content?: unknown})?.content].flat();
    const content: ModelContent[] = blocks.map((b) =>
      isObject(b) && b.type === 'text' && typeof b.text === 'string' ? {type: 'text', text: b.text} : {type: 'text', text: `[${isObject(b) ? String(b.type) : 'unknown'} content omitted]`},
    );
    return {role, content: content.length ? content : [{type: 'text', text: '(empty)'}]};
  });
}

/** Every required field's default, or undefined when some required field has none. */
export function defaultsFor(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  const content: Record<string, unknown> = {};
  for (const [key, prop] of Object.entries(props)) {
    if (isObject(prop) && prop.default !== undefined) content[key] = prop.default;
  }
  return required.every((k) => k in content) ? content : undefined;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
