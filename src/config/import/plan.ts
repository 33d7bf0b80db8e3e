// Decides what an import adds: a valid, unique alias for every chosen server
// (renames reported), no duplicates (a server already in the file, or the same
// server found in two clients, is added once), and one variable per distinct
// secret (two different values under one name get distinct variables).
import {MAX_ALIAS_LENGTH, suggestAlias} from '../aliases.js';
import {CLIENT_NAMES} from '../other-clients.js';
import type {Candidate, SecretUse} from './normalize.js';

/** One server the import adds. */
export interface Addition {
  alias: string;
  candidate: Candidate;
  /** Why the alias differs from the source's name. */
  renamed?: string;
}

/** What an import will do. */
export interface ImportPlan {
  additions: Addition[];
  skipped: Array<{candidate: Candidate; why: string}>;
  /** Every variable the added entries reference in place of a secret, with where each value is. */
  secrets: Map<string, SecretUse[]>;
}

/** A valid alias for a server another client calls `name` (`My Notes!` → `My-Notes`). */
export function importAlias(name: string): string {
  return suggestAlias(name)?.replace(/[-_]+$/, '') || 'server';
}

/** Plans the import of `chosen` into a file whose servers are `existing` (alias → entry as written). */
export function planImport(chosen: readonly Candidate[], existing: ReadonlyMap<string, unknown>): ImportPlan {
  const plan: ImportPlan = {additions: [], skipped: [], secrets: new Map()};
  const taken = new Map<string, unknown>(existing);
  for (const candidate of chosen) {
    if (candidate.problem) {
      plan.skipped.push({candidate, why: candidate.problem});
      continue;
    }
    const name = candidate.source.name;
    const base = importAlias(name);
    const same = [...taken].find(([, entry]) => canonical(entry) === canonical(candidate.entry));
    if (same) {
      const earlier = plan.additions.find((a) => a.alias === same[0]);
      plan.skipped.push({candidate, why: earlier ? `the same server as "${same[0]}" from ${CLIENT_NAMES[earlier.candidate.source.client]}` : `already in the config as "${same[0]}"`});
      continue;
    }
    const alias = unique(base, candidate, taken);
    const renamed = alias === name ? undefined : base !== name ? `"${name}" is not a valid alias` : `"${name}" is already taken`;
    taken.set(alias, candidate.entry);
    plan.additions.push({alias, candidate, ...(renamed ? {renamed} : {})});
  }
  for (const addition of plan.additions) nameSecrets(addition, plan.secrets);
  return plan;
}

function unique(base: string, candidate: Candidate, taken: ReadonlyMap<string, unknown>): string {
  if (!taken.has(base)) return base;
  const fit = (suffix: string) => `${base.slice(0, MAX_ALIAS_LENGTH - suffix.length - 1).replace(/[-_]+$/, '')}-${suffix}`;
  const byClient = fit(candidate.source.client);
  if (!taken.has(byClient)) return byClient;
  for (let n = 2; ; n++) if (!taken.has(fit(String(n)))) return fit(String(n));
}

// A second, different value under a variable name already used gets the alias in front.
function nameSecrets(addition: Addition, secrets: Map<string, SecretUse[]>): void {
  for (const use of addition.candidate.secrets) {
    let variable = use.variable;
    const clash = (v: string) => secrets.get(v)?.some((u) => u.value !== use.value || u.input?.id !== use.input?.id);
    if (clash(variable)) {
      const prefixed = `${addition.alias.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_${use.variable}`;
      variable = prefixed;
      for (let n = 2; clash(variable); n++) variable = `${prefixed}_${n}`;
      addition.candidate.entry = renameReference(addition.candidate.entry, use.variable, variable) as Record<string, unknown>;
    }
    secrets.set(variable, [...(secrets.get(variable) ?? []), {...use, variable}]);
  }
}

function renameReference(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.replaceAll(`\${${from}}`, `\${${to}}`);
  if (Array.isArray(value)) return value.map((v) => renameReference(v, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameReference(v, from, to)]));
  return value;
}

/** JSON with sorted keys: two entries that differ only in key order are the same server. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));
}
