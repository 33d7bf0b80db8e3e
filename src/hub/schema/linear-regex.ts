// `pattern` and `patternProperties` of server schemas run on RE2 (re2js, a
// pure-JS port): matching time is linear in the input, so `^(a+)+$` against
// forty `a`s and a `!` answers at once instead of pinning the CPU. RE2 has no
// lookarounds or backreferences; such a pattern is not checked at all (its
// keyword passes, and the tool gets a warning) rather than handed to the
// backtracking engine. Differences that remain: RE2's `\s` is ASCII only.
import {RE2JS} from 're2js';

/** What Ajv calls `code.regExp`: builds a matcher from a pattern. */
export type RegExpEngine = ((pattern: string, flags: string) => {test: (s: string) => boolean}) & {code: string};

/** A fresh engine; patterns it could not take are pushed to `skipped` as `"pattern": why`. */
export function linearRegExp(skipped: string[]): RegExpEngine {
  const engine = (pattern: string): {test: (s: string) => boolean; toString(): string} => {
    try {
      const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
      return {test: (s) => re.test(s), toString: () => `re2:${pattern}`};
    } catch (err) {
      const why = err instanceof Error ? err.message.replace(/^error parsing regexp: /, '') : String(err);
      skipped.push(`${JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern)} (${why.slice(0, 120)})`);
      return {test: () => true, toString: () => `skipped:${pattern}`};
    }
  };
  return Object.assign(engine, {code: 're2js'});
}
