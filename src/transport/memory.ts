import {TailBuffer} from './tail-buffer.js';
import {encodeMessage, TransportClosedError, type ExitInfo, type OversizeInfo, type Transport} from './types.js';

/** One end of an in-memory linked pair: what one side sends, the other receives. */
export class MemoryTransport implements Transport {
  readonly kind = 'memory';
  onmessage?: (message: unknown, raw?: string) => void;
  onclose?: (exit: ExitInfo) => void;
  onerror?: (error: Error) => void;
  onnoise?: (line: string, reason: string) => void;
  onoversize?: (info: OversizeInfo) => void;
  ondiagnostic?: (text: string) => void;
  peer?: MemoryTransport;
  private readonly diagnostics = new TailBuffer(16 * 1024);
  private closed = false;

  /** Two transports wired to each other. */
  static pair(): [MemoryTransport, MemoryTransport] {
    const a = new MemoryTransport();
    const b = new MemoryTransport();
    a.peer = b;
    b.peer = a;
    return [a, b];
  }

  async start(): Promise<void> {}

  /** What a process would write to stderr: tests use it to give a fake server a voice. */
  diagnose(text: string): void {
    this.diagnostics.append(text);
    this.ondiagnostic?.(text);
  }

  diagnosticsTail(lines: number): string[] {
    return this.diagnostics.lines(lines);
  }

  async send(message: object): Promise<void> {
    if (this.closed) throw new TransportClosedError('the transport is closed');
    // A JSON round trip, so neither side can share mutable objects with the other;
    // the text goes along, as a stdio transport would hand it over.
    const text = encodeMessage(message);
    const copy = JSON.parse(text);
    const peer = this.peer;
    queueMicrotask(() => peer?.onmessage?.(copy, text));
  }

  async close(info: Partial<ExitInfo> = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const exit: ExitInfo = {code: null, signal: null, stderrTail: '', ...info};
    this.onclose?.(exit);
    void this.peer?.close(exit);
  }
}
