// How long a starting server may take. A cold `npx`/`uvx` start downloads
// the package first: minutes on a slow network, with nothing on stdout. So
// the wait is tied to signs of life, not to one fixed timeout: a server that
// writes to stderr or uses CPU (itself or anything it started) keeps its
// start going until `capMs` (installTimeoutMs); one with no sign of life for
// `silenceMs` (startupTimeoutMs) is given up, as a hung server should be.
import {systemClock, type Clock} from './debounce.js';

/** One look at a starting server's processes. */
export interface LifeSample {
  /** CPU time used so far by the process and its descendants, in ms. */
  cpuMs: number;
  /** A package manager running in the group (npm, npx, uvx, pip…): its name. */
  packageManager?: string;
}

/** What the watch reports while the server is still starting. */
export interface StartingProgress {
  /** "installing" when a package manager runs in the group, otherwise "working". */
  activity: 'installing' | 'working';
  elapsedMs: number;
  /** The last stderr line, for a newcomer to see what it is doing. */
  lastLine?: string;
}

export interface StartupWatchOptions {
  silenceMs: number;
  capMs: number;
  clock?: Clock;
  /**
   * Samples the process group; undefined when nothing can be seen (no pid,
   * not Linux). A sample may be a little old (one look at /proc serves the
   * servers starting together) unless `fresh` asks for one taken now.
   */
  sample?: (fresh?: boolean) => LifeSample | undefined;
  /**
   * CPU time (ms) of the server's own process alone: one /proc file, where a
   * sample reads every process on the machine. Undefined when it cannot be read.
   */
  leaderCpu?: () => number | undefined;
  /** How often the processes are looked at. */
  pollMs?: number;
  /** Told once, with the reason, when the start is given up. */
  onGiveUp: (reason: string) => void;
  /** Told at most once per `progressEveryMs` while signs of life keep coming. */
  onProgress?: (progress: StartingProgress) => void;
  progressEveryMs?: number;
}

/**
 * Below this much CPU between two looks, the processes count as idle. /proc
 * counts CPU in 10 ms ticks, and an idle Node server's memory reducer
 * collects once, some seconds after its boot: one tick, which counted as life
 * and let a silent server run ~5 s past startupTimeoutMs. Two ticks or more
 * is work (a package manager unpacking uses far more).
 */
const MIN_CPU_MS = 20;

export class StartupWatch {
  private readonly clock: Clock;
  private readonly started: number;
  private lastLife: number;
  private lastCpu?: number;
  private lastLeaderCpu?: number;
  private lastProgress: number;
  private packageManager?: string;
  private lastLine?: string;
  private timer?: unknown;
  private done = false;

  constructor(private readonly o: StartupWatchOptions) {
    this.clock = o.clock ?? systemClock;
    this.started = this.lastLife = this.lastProgress = this.clock.now();
    this.lastCpu = o.sample?.()?.cpuMs;
    this.schedule();
  }

  /** Text on stderr: a sign of life. */
  output(text: string): void {
    if (this.done) return;
    this.lastLife = this.clock.now();
    const line = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).pop();
    if (line) this.lastLine = line;
  }

  stop(): void {
    this.done = true;
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
  }

  private schedule(): void {
    const poll = this.o.pollMs ?? 1_000;
    const untilSilence = this.lastLife + this.o.silenceMs - this.clock.now();
    this.timer = this.clock.setTimeout(() => this.look(), Math.max(1, Math.min(poll, untilSilence)));
  }

  private look(): void {
    if (this.done) return;
    const now = this.clock.now();
    const elapsed = now - this.started;
    // A start still short (nothing shown yet: see `long`) whose own process
    // used CPU since the last look is alive, and nothing else needs reading.
    // The scan of every process (and the package manager it names) waits
    // until the process alone shows nothing, or the start is shown as long.
    // Under load a 50-tool start passes its first look, and ten starts'
    // scans made the readers of /proc hot enough for the optimizing compiler
    // (issue #17).
    if (!(elapsed < this.longAfterMs && this.leaderAlive(now))) this.observe(this.o.sample?.(), now);
    if (elapsed >= this.o.capMs) return this.giveUp(`still starting after ${seconds(elapsed)} (installTimeoutMs is ${this.o.capMs} ms)${this.doing()}`);
    // A shared sample may predate CPU the server used just now: a start is given up only on one taken now.
    if (now - this.lastLife >= this.o.silenceMs) this.observe(this.o.sample?.(true), now);
    if (now - this.lastLife >= this.o.silenceMs) {
      const what = this.packageManager ? ` (${this.packageManager} was running)` : '';
      return this.giveUp(`no sign of life (stderr output, CPU use) for ${this.o.silenceMs} ms (startupTimeoutMs)${what}`);
    }
    const long = elapsed >= this.longAfterMs;
    if (long && now - this.lastProgress >= (this.o.progressEveryMs ?? 1_000)) {
      this.lastProgress = now;
      this.o.onProgress?.({activity: this.packageManager ? 'installing' : 'working', elapsedMs: elapsed, ...(this.lastLine ? {lastLine: this.lastLine} : {})});
    }
    this.schedule();
  }

  /** A start is "long" (and shown as such) from half the silence limit, at most 10 s: most servers are up by then. */
  private get longAfterMs(): number {
    return Math.min(this.o.silenceMs / 2, 10_000);
  }

  /**
   * Whether the server's own process used CPU since the last look (at the
   * first, since it started: after the watch did). When it did, the group's
   * last total is dropped: the next group sample only sets a new one, so CPU
   * already counted here is not counted again as life.
   */
  private leaderAlive(now: number): boolean {
    const cpu = this.o.leaderCpu?.();
    if (cpu === undefined) return false;
    const alive = cpu - (this.lastLeaderCpu ?? 0) >= MIN_CPU_MS;
    this.lastLeaderCpu = cpu;
    if (!alive) return false;
    this.lastLife = now;
    this.lastCpu = undefined;
    return true;
  }

  private observe(s: LifeSample | undefined, now: number): void {
    if (!s) return;
    if (this.lastCpu !== undefined && s.cpuMs - this.lastCpu >= MIN_CPU_MS) this.lastLife = now;
    this.lastCpu = s.cpuMs;
    this.packageManager = s.packageManager;
  }

  private doing(): string {
    return this.packageManager ? `; ${this.packageManager} was still running` : '';
  }

  private giveUp(reason: string): void {
    this.stop();
    this.o.onGiveUp(reason);
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}
