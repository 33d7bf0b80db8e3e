// Newline framing on bytes, not strings: a pipe chunk may end in the middle of
// a line or of a UTF-8 character, so we only decode once a whole line is here.
// Chunks of a long line are kept in a list and joined once, when its newline
// arrives, so a 10 MB message costs one copy, not one per chunk.
//
// A line over the limit is dropped as it arrives (memory stays bounded), but
// its first and last bytes are kept: the JSON-RPC `id` of a response is
// usually among them, so the request it answers can fail at once with the
// true reason instead of waiting out its timeout.

const NEWLINE = 0x0a;
const CR = 0x0d;
const CR_CODE = 13;
/** Bytes kept from the start and the end of a dropped line. */
const HEAD_BYTES = 4096;
const TAIL_BYTES = 512;

/** A line too long to read: what is known about it. */
export interface OversizeInfo {
  /** Bytes so far (when the limit was crossed) or in all (when the line ended). */
  bytes: number;
  limit: number;
  /** The line's first bytes, decoded. */
  head: string;
  /** The line's last bytes, decoded; empty until it has ended. */
  tail: string;
  /** Whether the line has ended (its newline arrived). */
  complete: boolean;
}

/**
 * Splits a byte stream into lines (without `\n` or a trailing `\r`). Lines
 * that arrived together may be slices of one decoded text: whoever keeps a
 * line for long (a noise log) keeps a copy (see `ownText`).
 */
export class LineReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The oversize line being skipped, if any. */
  private dropping?: {bytes: number; head: string; tail: Buffer};

  /**
   * `onOversize` fires once per line over the limit, as soon as it crosses it;
   * `onOversizeEnd` (optional) fires when that line's newline arrives.
   */
  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOversize: (info: OversizeInfo) => void,
    private readonly maxLineBytes = 64 * 1024 * 1024,
    private readonly onOversizeEnd?: (info: OversizeInfo) => void,
  ) {}

  push(chunk: Buffer): void {
    const first = chunk.indexOf(NEWLINE);
    if (first === -1) return this.keep(chunk);
    let start = 0;
    // A line begun in an earlier chunk (or one being skipped) ends at the first newline.
    if (this.pending.length > 0 || this.dropping) {
      this.finishLine(chunk, 0, first);
      start = first + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last >= start) this.wholeLines(chunk, start, last);
    if (last + 1 < chunk.length) this.keep(chunk.subarray(last + 1));
  }

  /**
   * The lines lying whole in `chunk` from `start` to the newline at `end`.
   * Decoded in one go and sliced (a newline byte is never inside a UTF-8
   * character, so the text has its newlines where the bytes do): a decode per
   * line was a trip through Buffer's toString and into C++ for each of the
   * answers that arrive together (BENCHMARKS.md §11). No line can be over the
   * limit when all of them together are not; otherwise each is measured.
   */
  private wholeLines(chunk: Buffer, start: number, end: number): void {
    if (end - start > this.maxLineBytes) {
      for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1 && nl <= end; nl = chunk.indexOf(NEWLINE, start)) {
        this.finishLine(chunk, start, nl);
        start = nl + 1;
      }
      return;
    }
    const text = chunk.toString('utf8', start, end);
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      this.emitText(text, from, nl);
      from = nl + 1;
    }
    this.emitText(text, from, text.length);
  }

  /** `text` from `from` to `to` as one line, without a trailing `\r`; an empty line is skipped. */
  private emitText(text: string, from: number, to: number): void {
    if (to > from && text.charCodeAt(to - 1) === CR_CODE) to--;
    if (to > from) this.onLine(from === 0 && to === text.length ? text : text.slice(from, to));
  }

  /** Bytes held for an unfinished line. */
  get buffered(): number {
    return this.pendingBytes;
  }

  private keep(part: Buffer): void {
    if (this.dropping) return this.skip(part);
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.maxLineBytes) {
      // Drop what we hold now, not when the newline finally comes: memory stays bounded.
      this.pending.push(part);
      this.startDropping(this.pendingBytes);
      return;
    }
    this.pending.push(part);
  }

  private finishLine(chunk: Buffer, start: number, end: number): void {
    if (this.dropping) {
      this.skip(chunk.subarray(start, end));
      return this.endDropping();
    }
    if (this.pending.length === 0) {
      if (end - start > this.maxLineBytes) {
        this.pending.push(chunk.subarray(start, end));
        this.startDropping(end - start);
        return this.endDropping();
      }
      // Decoded where it lies: a Buffer view of it per line was ~90 bytes a message (§11).
      return this.emit(chunk, start, end);
    }
    this.pending.push(chunk.subarray(start, end));
    const total = this.pendingBytes + (end - start);
    if (total > this.maxLineBytes) {
      this.startDropping(total);
      return this.endDropping();
    }
    const line = Buffer.concat(this.pending, total);
    this.pending = [];
    this.pendingBytes = 0;
    this.emit(line, 0, total);
  }

  /** Decodes bytes start..end as one line, without a trailing `\r`; an empty line is skipped. */
  private emit(bytes: Buffer, start: number, end: number): void {
    if (end > start && bytes[end - 1] === CR) end--;
    if (end > start) this.onLine(bytes.toString('utf8', start, end));
  }

  /** The limit was crossed: keep the first and last bytes of what is held, drop the rest. */
  private startDropping(bytes: number): void {
    const head = firstBytes(this.pending, HEAD_BYTES).toString('utf8');
    const tail = lastBytes(this.pending, TAIL_BYTES);
    this.pending = [];
    this.pendingBytes = 0;
    this.dropping = {bytes, head, tail};
    this.onOversize({bytes, limit: this.maxLineBytes, head, tail: '', complete: false});
  }

  private skip(part: Buffer): void {
    const d = this.dropping!;
    d.bytes += part.length;
    d.tail = lastBytes([d.tail, part], TAIL_BYTES);
  }

  private endDropping(): void {
    const d = this.dropping!;
    this.dropping = undefined;
    let tail = d.tail;
    if (tail.length > 0 && tail[tail.length - 1] === CR) tail = tail.subarray(0, -1);
    this.onOversizeEnd?.({bytes: d.bytes, limit: this.maxLineBytes, head: d.head, tail: tail.toString('utf8'), complete: true});
  }
}

function firstBytes(chunks: Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (const c of chunks) {
    if (size >= n) break;
    out.push(c.subarray(0, n - size));
    size += Math.min(c.length, n - size);
  }
  return Buffer.concat(out, size);
}

function lastBytes(chunks: Buffer[], n: number): Buffer {
  const out: Buffer[] = [];
  let size = 0;
  for (let i = chunks.length - 1; i >= 0 && size < n; i--) {
    const c = chunks[i]!;
    const take = Math.min(c.length, n - size);
    out.unshift(c.subarray(c.length - take));
    size += take;
  }
  // A copy: the chunks it came from must not stay alive through it.
  return Buffer.from(Buffer.concat(out, size));
}

/**
 * A copy of `line` that holds nothing else alive: a line can be a slice of
 * the text of everything that arrived with it (up to a pipe read, 64 KiB).
 */
export function ownText(line: string): string {
  return Buffer.from(line, 'utf8').toString('utf8');
}
