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
 * maximum and peak RSS went from ~63 to ~92 MB (BENCHMARKS.md §11, #17).
 *
 * Ids come in order and live briefly, so a ring of slots indexed by the id's
 * low bits holds them without allocating per entry (an object used as a
 * number dictionary did not chain, but reallocated its table as it grew and
 * shrank: ~280 bytes per call for the two tables of a call). The ring doubles
 * when an id finds its slot held by an older one, up to MAX_SLOTS; past that,
 * the few that still collide (a request waiting while thousands pass) go to
 * a Map on the side.
 */
const EMPTY = -1;
const MIN_SLOTS = 64;
/** 4,096 slots (48 KiB): a window of 4,096 consecutive ids without collisions. */
const MAX_SLOTS = 4096;

export class IdTable<T> {
  private ids = new Float64Array(MIN_SLOTS).fill(EMPTY);
  private slots: Array<T | undefined> = new Array<T | undefined>(MIN_SLOTS).fill(undefined);
  private mask = MIN_SLOTS - 1;
  private overflow?: Map<number, T>;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Only a number can be one of our ids: a server that answers id "7" to our 7 finds nothing. */
  get(id: unknown): T | undefined {
    if (typeof id !== 'number') return undefined;
    const i = id & this.mask;
    return this.ids[i] === id ? this.slots[i] : this.overflow?.get(id);
  }

  set(id: number, value: T): void {
    if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`IdTable takes non-negative integer ids, not ${id}`);
    if (value === undefined) throw new RangeError('IdTable does not keep undefined');
    const i = id & this.mask;
    if (this.ids[i] === id) {
      this.slots[i] = value;
    } else if (this.overflow?.has(id)) {
      this.overflow.set(id, value);
    } else if (this.ids[i] === EMPTY) {
      this.ids[i] = id;
      this.slots[i] = value;
      this.count++;
    } else if (this.ids.length < MAX_SLOTS) {
      this.grow();
      this.set(id, value);
    } else {
      (this.overflow ??= new Map()).set(id, value);
      this.count++;
    }
  }

  /** Removes and returns the entry of `id`, if there is one. */
  take(id: unknown): T | undefined {
    if (typeof id !== 'number') return undefined;
    const i = id & this.mask;
    if (this.ids[i] === id) {
      const value = this.slots[i];
      this.ids[i] = EMPTY;
      this.slots[i] = undefined;
      this.count--;
      return value;
    }
    const value = this.overflow?.get(id);
    if (value === undefined) return undefined;
    this.overflow!.delete(id);
    this.count--;
    return value;
  }

  /** The entries in the order of their ids (the order they were handed out). */
  values(): T[] {
    if (this.count === 0) return [];
    const entries: Array<[number, T]> = [];
    for (let i = 0; i < this.ids.length; i++) if (this.ids[i] !== EMPTY) entries.push([this.ids[i]!, this.slots[i]!]);
    if (this.overflow) for (const entry of this.overflow) entries.push(entry);
    return entries.sort((a, b) => a[0] - b[0]).map((e) => e[1]);
  }

  /** The entry when there is exactly one. */
  only(): T | undefined {
    return this.count === 1 ? this.values()[0] : undefined;
  }

  // Twice the slots. The entry of old slot i goes to i or i + the old size: two never meet.
  private grow(): void {
    const {ids, slots} = this;
    this.ids = new Float64Array(ids.length * 2).fill(EMPTY);
    this.slots = new Array<T | undefined>(ids.length * 2).fill(undefined);
    this.mask = ids.length * 2 - 1;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (id === EMPTY) continue;
      this.ids[id & this.mask] = id;
      this.slots[id & this.mask] = slots[i];
    }
  }
}
