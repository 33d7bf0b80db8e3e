// The state line of a tool-call card. A tool's own error (isError) and a
// protocol error (a JSON-RPC error: a bug) read differently on purpose.
import type {ToolCallItem} from '../../state/app-state.js';
import {safeLine} from '../text/safe.js';
import {seg, type Seg} from '../line.js';
import {formatMs} from '../text/format.js';

const FAILURE: Readonly<Record<string, string>> = {
  'unknown-tool': 'unknown tool',
  withheld: 'withheld until trusted',
  offline: 'server offline',
  'circuit-open': 'circuit open (server failing)',
  timeout: 'timed out',
  exited: 'server exited during the call',
  'invalid-output': 'output failed its schema',
  aborted: 'aborted',
  internal: 'client error',
  protocol: 'protocol error',
};

/** Segments describing where the call is; `now` drives the elapsed time of a running call. */
export function cardState(card: ToolCallItem, now: number): Seg[] {
  const took = card.durationMs === undefined ? '' : ` in ${formatMs(card.durationMs)}`;
  const out = stateSegs(card, now, took);
  if (card.approval === 'always') out.push(seg(' · always allowed', 'muted'));
  else if (card.approval === 'once' && card.state !== 'awaiting-approval') out.push(seg(' · allowed once', 'muted'));
  const warnings = card.outcome?.warnings?.length ?? 0;
  if (warnings > 0) out.push(seg(` · ⚠ ${warnings} warning${warnings === 1 ? '' : 's'}`, 'warn'));
  return out;
}

function stateSegs(card: ToolCallItem, now: number, took: string): Seg[] {
  switch (card.state) {
    case 'pending':
      return [seg('… queued', 'muted')];
    case 'awaiting-approval':
      return [seg('? waiting for your approval', 'warn', true)];
    case 'running':
      return running(card, now);
    case 'done':
      return [seg(`✔ done${took}`, 'ok')];
    case 'denied':
      return [seg('⊘ denied by you: not run', 'warn', true)];
    case 'cancelled':
      return [seg(`■ cancelled${took ? ` (result came${took})` : ''}`, 'warn')];
    case 'error': {
      const o = card.outcome;
      if (o?.protocolError) {
        const msg = safeLine(o.protocolError.message);
        return [seg(`⚠ protocol error ${o.protocolError.code}`, 'danger', true), seg(`: ${msg}${took}`, 'danger')];
      }
      if (o?.failure) return [seg(`✘ failed: ${FAILURE[o.failure] ?? o.failure}`, 'error', true), seg(took, 'error')];
      return [seg('✘ tool error', 'error', true), seg(` (isError)${took}`, 'error')];
    }
  }
}

function running(card: ToolCallItem, now: number): Seg[] {
  const elapsed = card.startedAt === undefined ? '' : ` ${formatMs(Math.max(0, now - card.startedAt))}`;
  const out = [seg(`◐ running${elapsed}`, 'info', true)];
  const p = card.progress;
  if (p) {
    const pct = p.total ? ` (${Math.round((100 * p.progress) / p.total)}%)` : '';
    out.push(seg(` · ${p.progress}${p.total === undefined ? '' : `/${p.total}`}${pct}`, 'info'));
    if (p.message) out.push(seg(` ${safeLine(p.message)}`, 'muted'));
  }
  return out;
}
