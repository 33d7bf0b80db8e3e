/**
 * Entries by the integer ids this side hands out (request ids, call numbers):
 * one added and one removed per request, for the life of a connection.
 *
 * Not a Map, because of how V8 collects a long-lived Map that churns: each
 * time a Map's hash table fills with deleted slots it gets a new table, and
 * the old table keeps a pointer to the new one. Once the Map has been
 * promoted to the old generation (every session is, after a full collection
 * or a busy startup), each dead old table keeps its young successor alive
 * through every scavenge, that one gets promoted and does the same for the
 * next, and so on until a mark-sweep: with 64 calls in flight about 1 MB
 * survived each scavenge, V8 grew the young generation to its 33.6 MB
 * maximum and peak RSS went from ~63 to ~92 MB (BENCHMARKS.md §11, #17). An
 * object whose integer keys V8 keeps as a number dictionary has no such chain.
 */
export class IdTable<T> {
  // Integer keys, so they are kept as elements (a number dictionary once sparse), never as named properties.
  private entries: Record<number, T> = Object.create(null) as Record<number, T>;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Only a number can be one of our ids: a server that answers id "7" to our 7 finds nothing. */
  get(id: unknown): T | undefined {
    return typeof id === 'number' ? this.entries[id] : undefined;
  }

  set(id: number, value: T): void {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`IdTable takes non-negative integer ids, not ${id}`);
    if (this.entries[id] === undefined) this.count++;
    this.entries[id] = value;
  }

  /** Removes and returns the entry of `id`, if there is one. */
  take(id: unknown): T | undefined {
    if (typeof id !== 'number') return undefined;
    const entry = this.entries[id];
    if (entry === undefined) return undefined;
    delete this.entries[id];
    this.count--;
    return entry;
  }

  /** The entries in the order of their ids (the order they were handed out). */
  values(): T[] {
    return this.count === 0 ? [] : Object.values(this.entries);
  }

  /** The entry when there is exactly one. */
  only(): T | undefined {
    if (this.count !== 1) return undefined;
    for (const key in this.entries) return this.entries[key as unknown as number];
    return undefined;
  }
}
