// A debounce with a ceiling. Notices closer together than `waitMs` are merged
// into one action, but the action runs at most `maxWaitMs` after the first
// notice it serves: a server announcing list changes every 20 ms forever must
// still be re-listed (a plain debounce that restarts on every notice never
// fires). Time comes from an injected clock, so tests can drive it.

/** What the debounce needs from time. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Real time; timers do not keep the process alive. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Runs `action` once per burst of `poke()`s: `waitMs` after the last, `maxWaitMs` after the first at the latest. */
export class Debounce {
  private first?: number;
  private timer?: unknown;

  constructor(
    private readonly action: () => void,
    private readonly waitMs: number,
    private readonly maxWaitMs: number,
    private readonly clock: Clock = systemClock,
  ) {}

  poke(): void {
    const now = this.clock.now();
    this.first ??= now;
    const due = Math.min(now + this.waitMs, this.first + Math.max(this.waitMs, this.maxWaitMs));
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => this.fire(), Math.max(0, due - now));
  }

  cancel(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
    this.first = undefined;
  }

  private fire(): void {
    this.timer = undefined;
    this.first = undefined;
    this.action();
  }
}
