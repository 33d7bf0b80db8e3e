import type {CatalogEntry} from '../hub/types.js';

/** The user's standing permissions for this run. */
export interface ApprovalRules {
  /** `--yes`: run every call without asking. */
  yes: boolean;
  /** `--allow` patterns: exact model names or globs with `*` (e.g. `mcp__notes__*`). */
  allow: string[];
  /** Per server alias: original tool names from the config's `autoApprove`. */
  autoApprove: Record<string, string[]>;
}

/** Why a call may run without asking, or that it must ask. */
export type ApprovalDecision = {auto: true; why: string} | {auto: false};

/** Decides whether a call needs the user; annotations of untrusted servers never approve anything. */
export function decideApproval(entry: CatalogEntry, rules: ApprovalRules, alwaysAllowed: ReadonlySet<string>): ApprovalDecision {
  // A tool that changed since it was pinned: no standing permission covers the new definition.
  if (entry.pinCheck?.mustAsk) return {auto: false};
  if (rules.yes) return {auto: true, why: '--yes'};
  const pattern = rules.allow.find((p) => globMatch(p, entry.name));
  if (pattern) return {auto: true, why: `--allow ${pattern}`};
  if (rules.autoApprove[entry.alias]?.includes(entry.tool)) return {auto: true, why: `autoApprove of ${entry.alias}`};
  if (alwaysAllowed.has(entry.name)) return {auto: true, why: 'always allowed this session'};
  if (entry.trusted && entry.annotations?.readOnlyHint === true) return {auto: true, why: `read-only tool of trusted server ${entry.alias}`};
  return {auto: false};
}

/** The denial a non-interactive run gives, naming every way to allow the call. */
export function nonInteractiveDenial(entry: CatalogEntry): string {
  if (entry.pinCheck?.mustAsk) {
    return (
      `The call to ${entry.name} was not run: its definition changed since it was pinned, so no standing permission (--yes, --allow, autoApprove) applies ` +
      `and this run cannot ask. The user can review the change and accept it with /trust ${entry.name} in the app, or with breakerbox pins --write.`
    );
  }
  return (
    `The call to ${entry.name} was not run: it needs the user's approval and this run cannot ask. ` +
    `To allow it, rerun with --yes, or --allow ${entry.name} (or --allow 'mcp__${entry.alias}__*'), ` +
    `or add "${entry.tool}" to "autoApprove" of the server "${entry.alias}" in the config.`
  );
}

/** What the model is told when the user says no. */
export function userDenial(entry: CatalogEntry): string {
  return `The user declined the call to ${entry.name} (${entry.alias}/${entry.tool}). Do not retry it; ask the user how to proceed if you need it.`;
}

/** `*` matches any run of characters; everything else is literal. */
export function globMatch(pattern: string, name: string): boolean {
  if (!pattern.includes('*')) return pattern === name;
  const re = new RegExp('^' + pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return re.test(name);
}
