/** Keeps the last `limit` bytes of a text stream (stderr), never more. */
export class TailBuffer {
  private chunks: string[] = [];
  private size = 0;
  total = 0;

  constructor(private readonly limit = 64 * 1024) {}

  append(text: string): void {
    this.total += text.length;
    if (text.length >= this.limit) {
      this.chunks = [text.slice(-this.limit)];
      this.size = this.limit;
      return;
    }
    this.chunks.push(text);
    this.size += text.length;
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }

  text(): string {
    const all = this.chunks.join('');
    return all.length > this.limit ? all.slice(-this.limit) : all;
  }

  /** The last `n` non-empty lines. */
  lines(n: number): string[] {
    return this.text().split('\n').filter((l) => l.trim() !== '').slice(-n);
  }
}
