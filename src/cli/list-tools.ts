import {MAX_ALIAS_LENGTH} from '../config/aliases.js';
import {failurePrefix} from '../hub/types.js';
import type {AppState, NotCallableTool} from '../state/app-state.js';
import {collisions, serverRows} from '../state/selectors.js';
import {toolTokens} from '../state/tool-tokens.js';
import {stripControlLine} from '../util/sanitize.js';
import {trustLines, trustMarks} from './trust-lines.js';
import {grouped} from '../util/grouped.js';

/** `--list-tools`: a table for people, from the store. */
export function listToolsText(state: AppState): string {
  const lines: string[] = ['Servers'];
  const tokens = toolTokens(state);
  const approx = tokens.source === 'api' ? '' : '~';
  const rows = serverRows(state.servers);
  // Aliases may be up to 32 characters: the column is as wide as the longest
  // valid one (a longer alias is a config error, and only its own row runs on).
  const aliasWidth = Math.max(16, ...rows.map((s) => Math.min(MAX_ALIAS_LENGTH, s.alias.length)));
  for (const s of rows) {
    const what =
      s.state === 'online'
        ? `online   ${s.era} ${s.protocolVersion} (era: ${s.eraDecision?.replaceAll('-', ' ') ?? 'unknown'}), reports itself as "${stripControlLine(s.serverName ?? '?')}", ${count(s.toolCount, 'tool')} over ${count(s.pages, 'page')} in ${s.discoveryMs} ms, ${approx}${grouped(tokens.byAlias[s.alias] ?? 0)} tokens`
        : s.state === 'disabled'
          ? 'disabled'
          : `offline  ${failurePrefix(s.phase)}${stripControlLine(s.reason ?? '')}`;
    lines.push(`  ${s.alias.padEnd(aliasWidth)} ${what}`);
    // Remote servers say where they are (credentials masked); any server its config warning.
    // An entry the config check refused was never spoken to, over any transport.
    if (s.url) lines.push(`  ${''.padEnd(aliasWidth)} ${s.phase === 'config' ? 'at' : 'via Streamable HTTP at'} ${stripControlLine(s.url)}`);
    if (s.warning) lines.push(`  ${''.padEnd(aliasWidth)} warning: ${stripControlLine(s.warning)}`);
  }
  const entries = state.catalog.entries;
  lines.push('', 'Tools (model name → server / original name)');
  const width = Math.max(10, ...entries.map((e) => e.name.length));
  // An original name several servers use is marked as in the Tools pane.
  const shared = collisions(state.catalog);
  for (const e of entries) {
    const flag = (e.mangling === 'none' ? '' : `  [${e.mangling}]`) + (shared.has(e.tool) ? '  ⇄ shared' : '');
    lines.push(`  ${e.name.padEnd(width)}  → ${e.alias} / ${stripControlLine(e.tool)}${flag}${trustMarks(e)}`);
  }
  if (entries.length === 0) lines.push('  (none)');
  const skipped = notCallableTools(state);
  if (skipped.length) {
    lines.push('', 'Not callable (valid tools breakerbox lists but does not run or offer to the model)');
    for (const {alias, t} of skipped) lines.push(`  ${alias} / ${stripControlLine(t.tool)}: ${stripControlLine(t.reason)}`);
  }
  lines.push(...trustLines(state.catalog));
  lines.push('', `Tool table: ${approx}${grouped(tokens.total)} tokens (${tokens.source === 'api' ? 'counted by the model API' : 'estimated offline, about 3.5 characters per token'})`);
  return lines.join('\n');
}

/** Valid tools a server listed that breakerbox never offers nor calls (task-only), with their server. */
export function notCallableTools(state: AppState): Array<{alias: string; t: NotCallableTool}> {
  return state.servers.order.flatMap((alias) => (state.servers.byAlias[alias]?.notCallable ?? []).map((t) => ({alias, t})));
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
