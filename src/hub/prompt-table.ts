// Prompts from every server under `mcp__<alias>__<prompt>` names, built by
// the same rules as tool names (src/hub/names.ts: sanitised characters, a cut
// plus a hash past 64, collisions kept apart), with their own reverse table:
// a prompt never takes a tool's name away, nor the other way round. The UI
// offers them as slash commands.
import type {Prompt, PromptArgument} from '../session/mcp-types.js';
import {stripControl, stripControlLine} from '../util/sanitize.js';
import {assignNames} from './names.js';
import type {NameMangling} from './types.js';

/** One prompt as the UI offers it. */
export interface PromptEntry {
  /** `mcp__<alias>__<prompt>`, by the tool-name rules. */
  name: string;
  alias: string;
  /** The name the server knows; the only name sent to it. */
  prompt: string;
  title?: string;
  description?: string;
  arguments: PromptArgument[];
  mangling: NameMangling;
}

/** Every online server's prompts, in config order, with the reverse table. */
export interface PromptTable {
  readonly entries: readonly PromptEntry[];
  /** Reverse table: prompt name → entry. */
  readonly byName: ReadonlyMap<string, PromptEntry>;
  readonly version: number;
}

export const EMPTY_PROMPTS: PromptTable = {entries: [], byName: new Map(), version: 0};

/** Builds the table; servers in config order, prompts in their server's order. */
export function buildPromptTable(servers: ReadonlyArray<{alias: string; prompts: readonly Prompt[]}>, previous: PromptTable = EMPTY_PROMPTS): PromptTable {
  const names = assignNames(servers.map((s) => ({alias: s.alias, tools: s.prompts.map((p) => p.name)})));
  const entries = servers.flatMap((server, i) => server.prompts.map((p, j) => toEntry(server.alias, p, names[i]![j]!)));
  return {entries, byName: new Map(entries.map((e) => [e.name, e] as const)), version: previous.version + 1};
}

function toEntry(alias: string, p: Prompt, assigned: {name: string; mangling: NameMangling}): PromptEntry {
  return {
    name: assigned.name,
    alias,
    prompt: p.name,
    ...(typeof p.title === 'string' && p.title.trim() ? {title: stripControlLine(p.title)} : {}),
    ...(typeof p.description === 'string' && p.description.trim() ? {description: stripControl(p.description)} : {}),
    arguments: (p.arguments ?? []).map((a) => ({
      name: a.name,
      ...(typeof a.title === 'string' ? {title: stripControlLine(a.title)} : {}),
      ...(typeof a.description === 'string' ? {description: stripControlLine(a.description)} : {}),
      required: a.required === true,
    })),
    mangling: assigned.mangling,
  };
}
