// Change notifications in both eras. Legacy servers send list_changed and
// resources/updated whenever they like (after `resources/subscribe` for the
// latter). Modern servers send them only on a `subscriptions/listen` stream
// the client opened, tagged with that stream's id; the stream ends when the
// client cancels the request (`notifications/cancelled`).
import type {RequestOptions} from '../connection/connection.js';
import type {Era, ServerCapabilities} from './mcp-types.js';
import {META} from './meta.js';
import {isRecord} from './paginate.js';

/** What the subscription code needs from a session. */
export interface ListenPort {
  readonly era: Era;
  readonly capabilities: ServerCapabilities;
  readonly label: string;
  request(method: string, params: Record<string, unknown> | undefined, options?: RequestOptions): Promise<Record<string, unknown>>;
  onNotification(listener: (method: string, params: Record<string, unknown> | undefined) => void): () => void;
}

/** The `subscriptions/listen` filter (2026-07-28). */
export interface ListenFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

/** The server refused or cannot do what was asked (capability missing, subscription declined). */
export class CapabilityError extends Error {
  override readonly name = 'CapabilityError';
  readonly code = 'capability';
}

/** Which lists can announce changes, and their notification and filter names. */
export const LIST_CHANGES = {
  tools: {method: 'notifications/tools/list_changed', filter: 'toolsListChanged'},
  resources: {method: 'notifications/resources/list_changed', filter: 'resourcesListChanged'},
  prompts: {method: 'notifications/prompts/list_changed', filter: 'promptsListChanged'},
} as const;

/**
 * Calls `listener` when the server says a list changed. Opens a modern
 * stream only when the server declared `listChanged` for that list. Returns
 * a function that stops listening (and cancels the stream).
 */
export function onListChanged(port: ListenPort, list: keyof typeof LIST_CHANGES, listener: () => void): () => void {
  const {method, filter} = LIST_CHANGES[list];
  if (port.era === 'legacy') return port.onNotification((m) => m === method && listener());
  if (!(port.capabilities[list] as {listChanged?: boolean} | undefined)?.listChanged) return () => {};
  const stream = openStream(port, {[filter]: true}, (m) => m === method && listener());
  return stream.cancel;
}

/** A modern stream: notifications carrying its id go to `listener`; `acknowledged` resolves with the server's filter. */
export function openStream(port: ListenPort, filter: ListenFilter, listener: (method: string, params: Record<string, unknown>) => void) {
  const abort = new AbortController();
  let id: string | number | undefined;
  let ack: (filter: ListenFilter) => void = () => {};
  let fail: (err: Error) => void = () => {};
  const acknowledged = new Promise<ListenFilter>((resolve, reject) => ((ack = resolve), (fail = reject)));
  acknowledged.catch(() => {});
  const off = port.onNotification((method, params) => {
    const meta = isRecord(params?._meta) ? params._meta : undefined;
    if (id === undefined || meta?.[META.subscriptionId] !== id) return;
    if (method === 'notifications/subscriptions/acknowledged') ack(isRecord(params?.notifications) ? (params.notifications as ListenFilter) : {});
    else listener(method, params!);
  });
  // The stream stays open until either side ends it.
  port
    .request('subscriptions/listen', {notifications: filter}, {timeoutMs: Infinity, signal: abort.signal, onId: (sent) => (id = sent)})
    .then(() => fail(new CapabilityError(`${port.label} ended the subscription before acknowledging it`)), (err: Error) => fail(err))
    .finally(off);
  return {acknowledged, cancel: () => abort.abort('unsubscribed')};
}

/**
 * Watches one resource: legacy `resources/subscribe` (and `resources/unsubscribe`
 * to stop), modern a stream with `resourceSubscriptions: [uri]`. Resolves once
 * the server agreed; the returned function stops watching.
 */
export async function watchResource(port: ListenPort, uri: string, onUpdated: (uri: string) => void, timeoutMs = 10_000): Promise<() => void> {
  if (!port.capabilities.resources?.subscribe) throw new CapabilityError(`${port.label} does not offer resource subscriptions (its resources capability has no "subscribe")`);
  const matches = (params: Record<string, unknown> | undefined) => params?.uri === uri;
  if (port.era === 'legacy') {
    const off = port.onNotification((m, params) => m === 'notifications/resources/updated' && matches(params) && onUpdated(uri));
    try {
      await port.request('resources/subscribe', {uri}, {timeoutMs});
    } catch (err) {
      off();
      throw err;
    }
    return () => {
      off();
      port.request('resources/unsubscribe', {uri}, {timeoutMs}).catch(() => {});
    };
  }
  const stream = openStream(port, {resourceSubscriptions: [uri]}, (m, params) => m === 'notifications/resources/updated' && matches(params) && onUpdated(uri));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new CapabilityError(`${port.label} did not acknowledge the subscription to ${uri} within ${timeoutMs} ms`)), timeoutMs)));
  try {
    const agreed = await Promise.race([stream.acknowledged, late]);
    if (!agreed.resourceSubscriptions?.includes(uri)) throw new CapabilityError(`${port.label} declined the subscription to ${uri} (its acknowledgement leaves the URI out)`);
  } catch (err) {
    stream.cancel();
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return stream.cancel;
}
