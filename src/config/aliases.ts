// Aliases become the middle of every model name, `mcp__<alias>__<tool>`, so
// they must stay inside the model API's alphabet and must not contain the
// `__` delimiter: with no `__` and no leading or trailing `_`, the first `__`
// after `mcp__` always marks the end of the alias, and two servers can never
// produce the same name.

/** Letters, digits, `-`, and single `_` between them; starts with a letter or digit. */
export const ALIAS_RE = /^[A-Za-z0-9][A-Za-z0-9-]*(_[A-Za-z0-9-]+)*$/;

/** Longest alias: `mcp__` + 32 + `__` still leaves 25 of the model's 64 characters for the tool. */
export const MAX_ALIAS_LENGTH = 32;

/** Why `alias` cannot be used (with a fix), or undefined when it is fine; reads after "alias". */
export function aliasProblem(alias: string): string | undefined {
  if (alias === '') return 'is empty; name the server, e.g. "notes"';
  const fix = suggestAlias(alias);
  const tryFix = fix && fix !== alias ? `; try "${fix}"` : '';
  if (alias.includes('__')) {
    return `must not contain "__" (two underscores): it separates alias and tool in model names (mcp__<alias>__<tool>)${tryFix}`;
  }
  if (!ALIAS_RE.test(alias)) {
    return `may only use letters, digits, "-" and single "_" between them, and must start with a letter or digit${tryFix}`;
  }
  if (alias.length > MAX_ALIAS_LENGTH) {
    return `is ${alias.length} characters long; at most ${MAX_ALIAS_LENGTH} are allowed (model tool names are limited to 64 characters)${tryFix}`;
  }
  return undefined;
}

/** A valid alias close to `alias`, or undefined when nothing usable is left. */
export function suggestAlias(alias: string): string | undefined {
  const fixed = alias
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/_{2,}/g, '_')
    .replace(/_(?=[_-]|$)|-(?=_)/g, '')
    .replace(/^[-_]+/, '')
    .slice(0, MAX_ALIAS_LENGTH)
    .replace(/_+$/, '');
  return ALIAS_RE.test(fixed) ? fixed : undefined;
}
