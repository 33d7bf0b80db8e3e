import type {TraceEvent} from '../connection/connection.js';
import {safeStringify} from '../util/safe-json.js';
import type {TraceLine} from './hub-events.js';

/** One readable line per JSON-RPC message, for the trace pane. Never stringifies a whole result. */
export function summarize(event: TraceEvent, at = Date.now()): TraceLine {
  if (event.direction === 'transport') return {at, direction: 'note', kind: 'http', summary: event.line};
  if (event.direction === 'noise') return {at, direction: 'in', kind: 'noise', summary: `noise (${event.reason}): ${event.line.slice(0, 160)}`};
  const m = event.message;
  const arrow = event.direction === 'out' ? '→' : '←';
  const id = m.id === undefined ? '' : ` #${String(m.id)}`;
  if (typeof m.method === 'string') {
    const kind = m.id === undefined ? 'notification' : 'request';
    return {at, direction: event.direction, kind, summary: `${arrow}${id} ${m.method}${requestDetail(m.method, m.params as Record<string, unknown> | undefined)}`};
  }
  if (m.error && typeof m.error === 'object') {
    const e = m.error as {code?: unknown; message?: unknown};
    return {at, direction: event.direction, kind: 'error', summary: `${arrow}${id} error ${String(e.code)}: ${String(e.message).slice(0, 200)}`};
  }
  return {at, direction: event.direction, kind: 'response', summary: `${arrow}${id} result${resultDetail(m.result as Record<string, unknown> | undefined)}`};
}

function requestDetail(method: string, params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  if (method === 'tools/list') return params.cursor === undefined ? ' (first page)' : ` cursor=${short(params.cursor)}`;
  if (method === 'tools/call') return ` ${String(params.name)}`;
  if (method === 'initialize') return ` offering ${String(params.protocolVersion)}`;
  if (method === 'notifications/cancelled') return ` #${String(params.requestId)} (${String(params.reason ?? '')})`;
  if (method === 'notifications/progress') return ` ${String(params.progress)}/${String(params.total ?? '?')}`;
  const version = (params._meta as Record<string, unknown> | undefined)?.['io.modelcontextprotocol/protocolVersion'];
  return method === 'server/discover' && version ? ` (version ${String(version)})` : '';
}

function resultDetail(r: Record<string, unknown> | undefined): string {
  if (!r) return '';
  const parts: string[] = [];
  if (Array.isArray(r.tools)) parts.push(`${r.tools.length} tools`, r.nextCursor === undefined ? 'no nextCursor (end)' : `nextCursor=${short(r.nextCursor)}`);
  if (Array.isArray(r.supportedVersions)) parts.push(`supports ${r.supportedVersions.join(', ')}`);
  if (typeof r.protocolVersion === 'string') parts.push(`protocol ${r.protocolVersion}`);
  if (Array.isArray(r.content)) parts.push(`${r.content.length} content blocks${r.isError ? ', isError' : ''}`);
  if (r.resultType === 'input_required') parts.push('input_required');
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function short(v: unknown): string {
  const s = safeStringify(v, {maxDepth: 4, maxString: 40, fallback: String(v)});
  return s.length > 40 ? s.slice(0, 37) + '…"' : s;
}
