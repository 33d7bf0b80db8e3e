// Splits a command line into flags and positionals against a table of the
// flags there are. Ours, not node:util's parseArgs: importing node:util from
// an ES module builds its whole export list, which loads parts of Node that
// a run never uses; with parseArgs itself that was ~1.5–2 ms of CPU at every
// start, before any server is spawned (BENCHMARKS.md §20).
//
// The grammar is the usual one: `--name value`, `--name=value`, `-n value`,
// `-nvalue`, grouped boolean shorts (`-yh`), `--` ends the flags, and a lone
// `-` is a positional. Strict: an unknown flag, a missing value, a value given
// to a boolean, and a value that looks like a flag (`--config --json`) are
// errors, each with a message that names the flag.

/** One flag of the table. */
export interface FlagSpec {
  type: 'boolean' | 'string';
  short?: string;
  /** Collects every occurrence into a list; otherwise the last wins (the caller may refuse repeats by `given`). */
  multiple?: boolean;
}

/** A table's values as parseFlags fills them: a string flag's text, a boolean's true, a multiple flag's list. */
export type FlagValues<T extends Readonly<Record<string, FlagSpec>>> = {
  [K in keyof T]?: T[K] extends {type: 'boolean'} ? true : T[K] extends {multiple: true} ? string[] : string;
};

/** What a command line said. */
export interface ParsedFlags<T extends Readonly<Record<string, FlagSpec>>> {
  values: FlagValues<T>;
  positionals: string[];
  /** Every flag in order, with its value for string flags: repeats are visible here. */
  given: Array<{name: string; value?: string}>;
}

/** A command line that does not fit the table: the message says what and where. */
export class FlagError extends Error {}

/** Parses `args` against `table` (flag name → spec). Throws FlagError. */
export function parseFlags<T extends Readonly<Record<string, FlagSpec>>>(args: readonly string[], table: T): ParsedFlags<T> {
  const values: Record<string, string | true | string[]> = {};
  const out: ParsedFlags<T> = {values: values as FlagValues<T>, positionals: [], given: []};
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(table)) if (spec.short) byShort.set(spec.short, name);
  const specOf = (name: string, shown: string): FlagSpec => {
    const spec = Object.hasOwn(table, name) ? table[name] : undefined;
    if (!spec) throw new FlagError(`Unknown option '${shown}' (a positional that starts with "-" goes after "--")`);
    return spec;
  };
  const record = (name: string, spec: FlagSpec, value?: string) => {
    out.given.push(value === undefined ? {name} : {name, value});
    if (spec.type === 'boolean') values[name] = true;
    else if (spec.multiple) ((values[name] as string[] | undefined) ?? (values[name] = [])).push(value!);
    else values[name] = value!;
  };
  let i = 0;
  // The value of a string flag written apart from it (`--config x`, `-c x`).
  const nextValue = (shown: string): string => {
    const value = args[i + 1];
    if (value === undefined) throw new FlagError(`Option '${shown} <value>' needs a value`);
    if (value.length > 1 && value.startsWith('-')) throw new FlagError(`Option '${shown}' needs a value, but ${JSON.stringify(value)} looks like a flag; to give it as the value, write ${shown.startsWith('--') ? `${shown}=${value}` : `${shown}${value}`}`);
    i++;
    return value;
  };
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      out.positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('--')) {
      const eq = arg.indexOf('=');
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      const spec = specOf(name, `--${name}`);
      if (eq !== -1 && spec.type === 'boolean') throw new FlagError(`Option '--${name}' takes no value (got ${JSON.stringify(arg.slice(eq + 1))})`);
      record(name, spec, spec.type === 'boolean' ? undefined : eq !== -1 ? arg.slice(eq + 1) : nextValue(`--${name}`));
      continue;
    }
    if (arg.length < 2 || !arg.startsWith('-')) {
      out.positionals.push(arg);
      continue;
    }
    // One short flag or several (`-y`, `-yh`); a string short takes the rest of the group as its value (`-cfile`).
    for (let j = 1; j < arg.length; j++) {
      const name = byShort.get(arg[j]!);
      if (name === undefined) throw new FlagError(`Unknown option '-${arg[j]}' (a positional that starts with "-" goes after "--")`);
      const spec = table[name]!;
      if (spec.type === 'boolean') {
        record(name, spec);
        continue;
      }
      record(name, spec, j + 1 < arg.length ? arg.slice(j + 1) : nextValue(`-${arg[j]}`));
      break;
    }
  }
  return out;
}
