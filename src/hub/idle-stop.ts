// The idle stop of a lazy server (issue #18, `idleStopMs`): armed when the
// server is online and no call runs, disarmed while one does; when it fires
// the slot stops the server, whose tools stay offered. Time comes from the
// hub's clock, so tests drive it.
import type {Clock} from './debounce.js';

/** Stops a server after `ms` without a running call; does nothing when `ms` is undefined. */
export class IdleStop {
  private inFlight = 0;
  private timer?: unknown;

  constructor(
    readonly ms: number | undefined,
    private readonly clock: Clock,
    private readonly stop: () => void,
  ) {}

  /** Runs a call; the idle time does not run meanwhile and starts over when it ends. */
  async track<T>(run: () => Promise<T>): Promise<T> {
    this.inFlight++;
    this.disarm();
    try {
      return await run();
    } finally {
      this.inFlight--;
      this.arm();
    }
  }

  /** Starts the idle time over (when no call runs). */
  arm(): void {
    if (this.ms === undefined || this.inFlight > 0) return;
    this.disarm();
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      if (this.inFlight === 0) this.stop();
    }, this.ms);
  }

  disarm(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
