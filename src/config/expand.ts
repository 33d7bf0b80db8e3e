// `${VAR}` and `${VAR:-default}` expansion for command, args, env values, cwd
// and roots. Rules (kept deliberately small, no nesting):
// - `${NAME}`: the variable's value; unset is an error, empty is allowed.
// - `${NAME:-text}`: `text` when NAME is unset or empty (as in POSIX sh);
//   `text` runs to the first `}` and is not expanded again.
// - `$${` is a literal `${`. A `$` not followed by `{` is left alone.

/** The expanded text, or the problems found (without a path prefix). */
export type ExpandResult = {ok: true; value: string} | {ok: false; problems: string[]};

const REF = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([^]*))?$/;

/** Expands every `${...}` reference in `text` from `env`. */
export function expandVars(text: string, env: NodeJS.ProcessEnv): ExpandResult {
  let out = '';
  const problems: string[] = [];
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
    const end = text.indexOf('}', at + 2);
    if (end < 0) {
      problems.push(`unterminated "\${" (close it with "}", or write "$\${" for a literal "\${")`);
      return {ok: false, problems};
    }
    const inner = text.slice(at + 2, end);
    const m = REF.exec(inner);
    if (!m) {
      problems.push(`"\${${inner}}" is not a variable reference (names use letters, digits and "_"; a fallback is written \${NAME:-default})`);
    } else {
      const [, name, fallback] = m;
      const value = env[name];
      if (fallback !== undefined) out += value === undefined || value === '' ? fallback : value;
      else if (value === undefined) problems.push(`\${${name}} is not set (use \${${name}:-default} for a fallback)`);
      else out += value;
    }
    i = end + 1;
  }
  out += text.slice(i);
  return problems.length > 0 ? {ok: false, problems} : {ok: true, value: out};
}
