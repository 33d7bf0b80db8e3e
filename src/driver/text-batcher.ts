/**
 * Collects streamed text and hands it on at most `perSecond` times a second,
 * so a model streaming thousands of tiny deltas costs a few dozen renders.
 */
export class TextBatcher {
  private buffer = '';
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly flushTo: (text: string) => void,
    private readonly perSecond = 30,
  ) {}

  push(text: string): void {
    if (!text) return;
    this.buffer += text;
    this.timer ??= setTimeout(() => this.flush(), 1000 / this.perSecond);
  }

  /** Sends what is held now (before a message completes, so no text is lost). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer) return;
    const text = this.buffer;
    this.buffer = '';
    this.flushTo(text);
  }
}
