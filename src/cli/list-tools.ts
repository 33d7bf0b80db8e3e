import {providerLosses} from '../agent/models/provider-losses.js';
import type {AppState} from '../state/app-state.js';
import {serverRows} from '../state/selectors.js';
import {stripControlLine} from '../util/sanitize.js';
import {jsonForTerminal} from './json-out.js';
import {findingJson, trustLines, trustMarks} from './trust-lines.js';

/** `--list-tools --json`: exactly one JSON object, from the store. */
export function listToolsJson(state: AppState): string {
  const servers = serverRows(state.servers).map((s) => {
    const up = s.state === 'online' || s.state === 'disabled';
    return {
      alias: s.alias,
      state: up ? s.state : 'offline',
      era: s.era ?? null,
      protocolVersion: s.protocolVersion ?? null,
      eraDecision: s.eraDecision ?? null,
      serverName: s.serverName ?? null,
      toolCount: s.toolCount,
      pages: s.pages,
      phase: up ? null : (s.phase ?? null),
      reason: up ? null : (s.reason ?? null),
      transport: s.transport ?? 'stdio',
      url: s.url ?? null,
      warning: s.warning ?? null,
    };
  });
  const tools = state.catalog.entries.map((e) => ({
    name: e.name,
    server: e.alias,
    tool: e.tool,
    title: e.title ?? null,
    description: e.description,
    inputSchema: e.inputSchema,
    annotations: e.annotations ?? null,
    // What each model API loses of this tool (the tool detail view will show the same).
    providerLosses: {anthropic: providerLosses(e, 'anthropic'), openai: providerLosses(e, 'openai')},
    pin: e.pinCheck?.state ?? null,
    findings: (e.findings ?? []).map(findingJson),
  }));
  // Withheld tools: named, never with their new text (the model must not learn it from here either).
  const withheld = (state.catalog.withheld ?? []).map((e) => ({name: e.name, server: e.alias, tool: e.tool, pin: e.pinCheck?.state ?? null, why: e.pinCheck?.withheld ?? [], findings: (e.findings ?? []).map(findingJson)}));
  return jsonForTerminal({servers, tools, withheld, removed: state.catalog.removed ?? []}, 2);
}

/** `--list-tools`: a table for people, from the store. */
export function listToolsText(state: AppState): string {
  const lines: string[] = ['Servers'];
  for (const s of serverRows(state.servers)) {
    const what =
      s.state === 'online'
        ? `online   ${s.era} ${s.protocolVersion} (era: ${s.eraDecision?.replaceAll('-', ' ') ?? 'unknown'}), reports itself as "${stripControlLine(s.serverName ?? '?')}", ${s.toolCount} tools over ${s.pages} page(s) in ${s.discoveryMs} ms`
        : s.state === 'disabled'
          ? 'disabled'
          : `offline  ${s.phase} failed: ${stripControlLine(s.reason ?? '')}`;
    lines.push(`  ${s.alias.padEnd(16)} ${what}`);
    // Remote servers say where they are (credentials masked) and any warning about the link.
    if (s.url) lines.push(`  ${''.padEnd(16)} via Streamable HTTP at ${stripControlLine(s.url)}${s.warning ? ` (warning: ${s.warning})` : ''}`);
  }
  const entries = state.catalog.entries;
  lines.push('', 'Tools (model name → server / original name)');
  const width = Math.max(10, ...entries.map((e) => e.name.length));
  for (const e of entries) {
    const flag = e.mangling === 'none' ? '' : `  [${e.mangling}]`;
    lines.push(`  ${e.name.padEnd(width)}  → ${e.alias} / ${stripControlLine(e.tool)}${flag}${trustMarks(e)}`);
  }
  if (entries.length === 0) lines.push('  (none)');
  lines.push(...trustLines(state.catalog));
  return lines.join('\n');
}
