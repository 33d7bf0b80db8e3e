// A few combinators for checking one server entry, in place of zod. The
// config is checked before the first server can start, and zod cost ~13 ms
// of CPU there (loading its core, building the schemas at import, its first
// parse), for checks that are ours anyway: every message is written by
// schema.ts (BENCHMARKS.md §10, h24b). Semantics follow what the entries
// relied on: every rule of a value runs and reports, problems come in the
// order of the shape's keys, a default is a fresh value.

/** One problem, at a path inside the checked value. */
export interface Issue {
  path: Array<string | number>;
  message: string;
}

/** A message, or one built from the value that was given. */
export type Message = string | ((input: unknown) => string);

/**
 * Checks `input` at `path`, pushing what is wrong to `issues`. The result is
 * meaningful only when nothing was pushed.
 */
export type Check<T> = (input: unknown, path: Array<string | number>, issues: Issue[]) => T;

/** What a check yields. */
export type Output<C> = C extends Check<infer T> ? T : never;

const say = (m: Message, input: unknown): string => (typeof m === 'string' ? m : m(input));

/** A value of one kind, then every rule on it (each failing rule reports). */
export function kind<T>(is: (x: unknown) => x is T, message: Message, ...rules: Array<[(value: NoInfer<T>) => boolean, Message]>): Check<T> {
  return (input, path, issues) => {
    if (!is(input)) issues.push({path, message: say(message, input)});
    else for (const [ok, m] of rules) if (!ok(input)) issues.push({path, message: say(m, input)});
    return input as T;
  };
}

export const isString = (x: unknown): x is string => typeof x === 'string';
export const isBoolean = (x: unknown): x is boolean => typeof x === 'boolean';
export const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** One of a few strings. */
export function oneOf<T extends string>(values: readonly T[], message: Message): Check<T> {
  return kind((x: unknown): x is T => (values as readonly unknown[]).includes(x), message);
}

/** A string (else `message`) that is one of `values` (else `notIn`). */
export function stringIn<T extends string>(values: readonly string[], message: Message, notIn: Message): Check<T> {
  return kind(isString, message, [(s) => values.includes(s), notIn]) as Check<T>;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** An array whose every item passes `item` (problems at their index). */
export function arrayOf<T>(item: Check<T>, message: Message): Check<T[]> {
  return (input, path, issues) => {
    if (!Array.isArray(input)) {
      issues.push({path, message: say(message, input)});
      return [];
    }
    return input.map((x, i) => item(x, [...path, i], issues));
  };
}

/**
 * An object of any keys whose every value passes `value`. `__proto__` is
 * skipped, never copied: set on a plain object it would replace its prototype.
 */
export function recordOf<T>(value: Check<T>, message: Message): Check<Record<string, T>> {
  return (input, path, issues) => {
    const out: Record<string, T> = {};
    if (!isObject(input)) {
      issues.push({path, message: say(message, input)});
      return out;
    }
    for (const key of Object.keys(input)) {
      if (key === '__proto__') continue;
      Object.defineProperty(out, key, {value: value(input[key], [...path, key], issues), enumerable: true, writable: true, configurable: true});
    }
    return out;
  };
}

/** Absent is fine. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  return (input, path, issues) => (input === undefined ? undefined : check(input, path, issues));
}

/** Absent means `make()`: a fresh value each time, never one shared between entries. */
export function withDefault<T>(check: Check<T>, make: () => NoInfer<T>): Check<T> {
  return (input, path, issues) => (input === undefined ? make() : check(input, path, issues));
}

type Shape = Record<string, Check<unknown>>;
/** What an object of this shape yields. */
export type ShapeOutput<S extends Shape> = {[K in keyof S]: Output<S[K]>};

/**
 * An object with these keys, checked in the shape's order. Other keys pass
 * unchecked (the caller keeps them), unless `unknownKeys` is given: then they
 * are one problem at the object itself, after those of its keys.
 */
export function objectOf<S extends Shape>(shape: S, message: Message, unknownKeys?: string): Check<ShapeOutput<S>> {
  const keys = Object.keys(shape);
  return (input, path, issues) => {
    const out: Record<string, unknown> = {};
    if (!isObject(input)) {
      issues.push({path, message: say(message, input)});
      return out as ShapeOutput<S>;
    }
    for (const key of keys) {
      const value = shape[key]!(input[key], [...path, key], issues);
      if (value !== undefined) out[key] = value;
    }
    if (unknownKeys !== undefined && Object.keys(input).some((k) => !Object.hasOwn(shape, k))) issues.push({path, message: unknownKeys});
    return out as ShapeOutput<S>;
  };
}

/** Runs `check` on a whole value: its result, or every problem found. */
export function checkValue<T>(check: Check<T>, input: unknown): {ok: true; value: T} | {ok: false; issues: Issue[]} {
  const issues: Issue[] = [];
  const value = check(input, [], issues);
  return issues.length === 0 ? {ok: true, value} : {ok: false, issues};
}
