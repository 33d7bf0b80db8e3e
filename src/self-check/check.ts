import type {Fixtures} from './fixtures.js';

/** One numbered check: resolves to the detail shown after ✔, or throws CheckFailed. */
export interface Check {
  n: number;
  label: string;
  run(fx: Fixtures): Promise<string>;
}

/** A check's assertion did not hold; the message is shown after ✘. */
export class CheckFailed extends Error {
  override readonly name = 'CheckFailed';
  readonly code = 'check-failed';
}

/** Fails the check with `reason` unless `condition` holds. */
export function expect(condition: unknown, reason: string | (() => string)): asserts condition {
  if (!condition) throw new CheckFailed(typeof reason === 'string' ? reason : reason());
}

/** Polls `probe` until it returns a truthy value; fails the check with `what` after `timeoutMs`. */
export async function eventually<T>(probe: () => T | Promise<T>, what: string, timeoutMs: number): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() >= deadline) throw new CheckFailed(`${what} (waited ${timeoutMs} ms)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Milliseconds since `start` (a `performance.now()` reading), rounded. */
export const since = (start: number): number => Math.round(performance.now() - start);

/** Quotes server text for a check line: one line, at most `max` characters. */
export function quote(text: string | undefined, max = 80): string {
  const one = (text ?? '').replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > max ? `${one.slice(0, max - 1)}…` : one);
}
