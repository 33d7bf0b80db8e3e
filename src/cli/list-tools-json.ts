// `--list-tools --json`, apart from the table for people (list-tools.ts): only
// this output says what each model API loses of each tool, and that check
// (OpenAI's strict mode, agent/models) is code a plain `--list-tools` never runs.
import {providerLosses} from '../agent/models/provider-losses.js';
import type {AppState} from '../state/app-state.js';
import {serverRows} from '../state/selectors.js';
import {toolTokens} from '../state/tool-tokens.js';
import {jsonForTerminal} from './json-out.js';
import {notCallableTools} from './list-tools.js';
import {findingJson} from './trust-lines.js';

/** `--list-tools --json`: exactly one JSON object, from the store. */
export function listToolsJson(state: AppState): string {
  const tokens = toolTokens(state);
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
      tokens: tokens.byAlias[s.alias] ?? 0,
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
  // Valid tools a server listed that breakerbox never offers nor calls (task-only), each with why.
  const notCallable = notCallableTools(state).map(({alias, t}) => ({server: alias, tool: t.tool, title: t.title ?? null, description: t.description ?? null, callable: false, reason: t.reason}));
  // `tokensSource` says whether the API counted them or they are the offline estimate.
  return jsonForTerminal({servers, tools, withheld, removed: state.catalog.removed ?? [], notCallable, tokens: tokens.total, tokensSource: tokens.source}, 2);
}
