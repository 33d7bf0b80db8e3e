// `--list-resources` and `--list-prompts`, beside `--list-tools`: what every
// server offers besides tools, for people (a table) or scripts (--json).
import type {AppState} from '../state/app-state.js';
import {serverRows} from '../state/selectors.js';
import {stripControlLine} from '../util/sanitize.js';
import {showInvisible} from '../util/visible.js';
import {jsonForTerminal} from './json-out.js';

// Shown to a person: what a terminal would act on is removed, and what no one would see
// (tag, zero-width and bidi characters, which a model reads) is written as ⟨U+XXXX⟩.
const safe = (s: string | undefined): string => stripControlLine(showInvisible(s ?? ''));
const quoted = (s: string | undefined): string => (s ? `  “${safe(s)}”` : '');

/** Per server: online or why not, and whether it offers the capability. */
function servers(state: AppState, capability: 'resources' | 'prompts') {
  return serverRows(state.servers).map((s) => {
    const offers = s.state === 'online' ? s.capabilities?.[capability] !== undefined : null;
    return {alias: s.alias, state: s.state === 'online' || s.state === 'disabled' ? s.state : 'offline', offers, reason: s.state === 'online' ? null : (s.reason ?? null)};
  });
}

/** Every server's resources, in config order. */
const listed = (state: AppState) => state.servers.order.flatMap((a) => (Object.hasOwn(state.inspect.resources, a) ? [state.inspect.resources[a]!] : []));

function serverLines(state: AppState, capability: 'resources' | 'prompts'): string[] {
  return servers(state, capability).map((s) => {
    const what = s.state !== 'online' ? `${s.state}${s.reason ? `: ${safe(s.reason)}` : ''}` : s.offers ? `offers ${capability}` : `no ${capability} capability`;
    return `  ${s.alias.padEnd(16)} ${what}`;
  });
}

/** `--list-resources --json`: one object. */
export function listResourcesJson(state: AppState): string {
  const all = listed(state);
  return jsonForTerminal(
    {
      servers: servers(state, 'resources'),
      resources: all.flatMap((r) => r.resources.map((x) => ({server: r.alias, ...x}))),
      templates: all.flatMap((r) => r.templates.map((x) => ({server: r.alias, ...x}))),
      dropped: all.flatMap((r) => r.dropped.map((d) => ({server: r.alias, ...d}))),
    },
    2,
  );
}

/** `--list-resources`: a table for people. */
export function listResourcesText(state: AppState): string {
  const all = listed(state);
  const lines = ['Servers', ...serverLines(state, 'resources'), '', 'Resources (server  uri  name  title  type)'];
  const rows = all.flatMap((r) => r.resources.map((x) => `  ${r.alias.padEnd(16)} ${safe(x.uri)}  ${safe(x.name)}${quoted(x.title)}${x.mimeType ? `  ${safe(x.mimeType)}` : ''}`));
  lines.push(...(rows.length ? rows : ['  (none)']));
  const templates = all.flatMap((r) => r.templates.map((t) => `  ${r.alias.padEnd(16)} ${safe(t.uriTemplate)}  ${safe(t.name)}${quoted(t.title)}`));
  if (templates.length) lines.push('', 'Templates (server  uri template  name  title)', ...templates);
  const dropped = all.flatMap((r) => r.dropped.map((d) => `  ${r.alias.padEnd(16)} ${safe(d.name ?? `#${d.position} on page ${d.page}`)}: ${safe(d.reason)}`));
  if (dropped.length) lines.push('', 'Dropped', ...dropped);
  return lines.join('\n');
}

/** `--list-prompts --json`: one object. */
export function listPromptsJson(state: AppState): string {
  const prompts = state.inspect.prompts.entries.map((p) => ({name: p.name, server: p.alias, prompt: p.prompt, title: p.title ?? null, description: p.description ?? null, arguments: p.arguments}));
  return jsonForTerminal({servers: servers(state, 'prompts'), prompts}, 2);
}

/** `--list-prompts`: a table for people; `*` marks a required argument. */
export function listPromptsText(state: AppState): string {
  const entries = state.inspect.prompts.entries;
  const width = Math.max(10, ...entries.map((p) => p.name.length));
  const lines = ['Servers', ...serverLines(state, 'prompts'), '', 'Prompts (slash command → server / original name; * = required argument)'];
  for (const p of entries) {
    const args = p.arguments.map((a) => `${safe(a.name)}${a.required ? '*' : ''}`).join(', ');
    lines.push(`  /${p.name.padEnd(width)}  → ${p.alias} / ${safe(p.prompt)}${quoted(p.title)}${args ? `  (${args})` : ''}${p.mangling === 'none' ? '' : `  [${p.mangling}]`}`);
  }
  if (entries.length === 0) lines.push('  (none)');
  return lines.join('\n');
}
