import {appendFileSync, openSync, closeSync, fchmodSync, renameSync, statSync} from 'node:fs';
import {isoTime} from '../util/iso-time.js';

/**
 * An append-only log capped at `maxBytes`: when full it is moved to `.1` and
 * started again, so a server that floods stderr costs at most twice the cap.
 * Writes are synchronous and small; a failure to write never reaches the caller.
 */
export class CappedLog {
  private size = 0;
  private broken = false;

  constructor(
    readonly path: string,
    private readonly maxBytes = 1024 * 1024,
  ) {
    try {
      // A log left 0666 by something else is made private: it holds what servers write.
      const fd = openSync(path, 'a', 0o600);
      fchmodSync(fd, 0o600);
      closeSync(fd);
      this.size = statSync(path).size;
    } catch {
      this.broken = true;
    }
  }

  write(text: string): void {
    if (this.broken) return;
    try {
      if (this.size + text.length > this.maxBytes) {
        renameSync(this.path, this.path + '.1');
        closeSync(openSync(this.path, 'w', 0o600));
        this.size = 0;
        if (text.length > this.maxBytes) text = text.slice(-this.maxBytes);
      }
      appendFileSync(this.path, text, {mode: 0o600});
      this.size += Buffer.byteLength(text);
    } catch {
      this.broken = true;
    }
  }
}

/**
 * A server's log: each run starts with a separator line, each line of its
 * stderr with the time it arrived, so a log kept across runs reads in order.
 */
export class ServerLog {
  private atLineStart = true;

  constructor(
    private readonly log: CappedLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get path(): string {
    return this.log.path;
  }

  /** The separator of a new run (or a new start of the same server). */
  run(what: string): void {
    const gap = this.atLineStart ? '' : '\n';
    this.atLineStart = true;
    this.log.write(`${gap}=== ${isoTime(this.now())} ${what} ===\n`);
  }

  write(text: string): void {
    if (text === '') return;
    const stamp = `[${isoTime(this.now()).slice(11, 23)}] `;
    const lines = text.split('\n');
    const last = lines.pop()!; // '' when the text ended a line
    let out = lines.map((line, i) => (i === 0 && !this.atLineStart ? line : stamp + line) + '\n').join('');
    if (last !== '') out += (lines.length === 0 && !this.atLineStart ? '' : stamp) + last;
    this.atLineStart = last === '';
    this.log.write(out);
  }
}
