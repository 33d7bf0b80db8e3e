// `${VAR}` and `${VAR:-default}` expansion for command, args, env values, cwd
// and roots. Rules (as in POSIX sh, kept small):
// - `${NAME}`: the variable's value; unset is an error, empty is allowed.
// - `${NAME:-text}`: `text` when NAME is unset or empty. `text` may itself
//   hold references, nested: `${A:-${B:-x}}` is A, else B, else x. Braces
//   pair up, so the reference ends at the `}` that closes its own `${`.
// - `$${` is a literal `${`. A `$` not followed by `{` is left alone.

/** The expanded text, or the problems found (without a path prefix). */
export type ExpandResult = {ok: true; value: string} | {ok: false; problems: string[]};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/** Nesting deeper than this is refused: no config needs it, and the expansion recurses. */
export const MAX_EXPAND_DEPTH = 8;

/** Expands every `${...}` reference in `text` from `env`. */
export function expandVars(text: string, env: NodeJS.ProcessEnv): ExpandResult {
  const problems: string[] = [];
  const value = expand(text, env, problems, 0);
  return problems.length > 0 ? {ok: false, problems} : {ok: true, value};
}

function expand(text: string, env: NodeJS.ProcessEnv, problems: string[], depth: number): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('$', i);
    if (at < 0) break;
    out += text.slice(i, at);
    if (text.startsWith('$${', at)) {
      out += '${';
      i = at + 3;
      continue;
    }
    if (text[at + 1] !== '{') {
      out += '$';
      i = at + 1;
      continue;
    }
    const end = closingBrace(text, at + 2);
    if (end < 0) {
      problems.push(`unterminated "\${" (close it with "}", or write "$\${" for a literal "\${")`);
      return out;
    }
    out += reference(text.slice(at + 2, end), env, problems, depth);
    i = end + 1;
  }
  return out + text.slice(i);
}

// The `}` that closes the `${` whose body starts at `from`, skipping nested `${…}` pairs.
function closingBrace(text: string, from: number): number {
  let open = 0;
  for (let j = from; j < text.length; j++) {
    if (text.startsWith('$${', j)) j += 2;
    else if (text.startsWith('${', j)) {
      open++;
      j++;
    } else if (text[j] === '}') {
      if (open === 0) return j;
      open--;
    }
  }
  return -1;
}

function reference(inner: string, env: NodeJS.ProcessEnv, problems: string[], depth: number): string {
  const name = NAME.exec(inner)?.[0];
  const rest = name === undefined ? inner : inner.slice(name.length);
  if (name === undefined || (rest !== '' && !rest.startsWith(':-'))) {
    problems.push(`"\${${inner}}" is not a variable reference (names use letters, digits and "_"; a fallback is written \${NAME:-default})`);
    return '';
  }
  const value = env[name];
  if (rest === '') {
    if (value === undefined) problems.push(`\${${name}} is not set (use \${${name}:-default} for a fallback)`);
    return value ?? '';
  }
  if (value !== undefined && value !== '') return value;
  if (depth >= MAX_EXPAND_DEPTH) {
    problems.push(`"\${${inner}}" nests fallbacks more than ${MAX_EXPAND_DEPTH} deep`);
    return '';
  }
  return expand(rest.slice(2), env, problems, depth + 1);
}
