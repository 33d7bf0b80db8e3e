// Newline framing on bytes, not strings: a pipe chunk may end in the middle of
// a line or of a UTF-8 character, so we only decode once a whole line is here.
// Chunks of a long line are kept in a list and joined once, when its newline
// arrives, so a 10 MB message costs one copy, not one per chunk.

const NEWLINE = 0x0a;
const CR = 0x0d;

/** Splits a byte stream into lines (without `\n` or a trailing `\r`). */
export class LineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (bytes: number) => void,
    private readonly maxLineBytes = 64 * 1024 * 1024,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    let nl = chunk.indexOf(NEWLINE, start);
    while (nl !== -1) {
      this.finishLine(chunk, start, nl);
      start = nl + 1;
      nl = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** Bytes held for an unfinished line. */
  get buffered(): number {
    return this.pendingBytes;
  }

  private keep(part: Buffer): void {
    if (this.discarding) return;
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.maxLineBytes) {
      // Drop what we hold now, not when the newline finally comes: memory stays bounded.
      this.onOversize(this.pendingBytes);
      this.reset(true);
      return;
    }
    this.pending.push(part);
  }

  private finishLine(chunk: Buffer, start: number, end: number): void {
    if (this.discarding) {
      this.reset(false);
      return;
    }
    let line: Buffer;
    if (this.pending.length === 0) {
      if (end - start > this.maxLineBytes) {
        this.onOversize(end - start);
        return;
      }
      line = chunk.subarray(start, end);
    } else {
      this.pending.push(chunk.subarray(start, end));
      const total = this.pendingBytes + (end - start);
      if (total > this.maxLineBytes) {
        this.onOversize(total);
        this.reset(false);
        return;
      }
      line = Buffer.concat(this.pending, total);
      this.reset(false);
    }
    let len = line.length;
    if (len > 0 && line[len - 1] === CR) len--;
    if (len === 0) return;
    this.onLine(line.toString('utf8', 0, len));
  }

  private reset(discarding: boolean): void {
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = discarding;
  }
}
