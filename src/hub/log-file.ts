import {appendFileSync, openSync, closeSync, fchmodSync, renameSync, statSync} from 'node:fs';

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
