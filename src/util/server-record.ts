// The one per-server record: what breakerbox remembers about a server between
// runs, in `<state dir>/servers/<alias>-<fingerprint>.json` (0600, in a 0700
// directory), keyed by the server fingerprint. It holds named sections; today
// `era`, `pins` and `catalog`. Later memory adds a
// section here instead of a store of its own:
//   1. add its type to `RecordSections`,
//   2. add a reader to `SECTION_READERS` (untrusted JSON in, the typed section
//      or undefined out),
//   3. use `record.get('name')` / `record.set('name', value)`.
// Who opens it: the CLI makes one `ServerRecordStore.open(env)` per run
// (cli/app.ts) and gives each server its fingerprint (cli/setup.ts,
// `hubServers`); the hub hands each slot its `ServerRecord` (`deps.openRecord`
// in hub.ts), so code in a slot reads `this.record?.get(…)`. No record (tests,
// an unwritable state dir) means nothing is remembered, never an error.
// Sections this version does not know are kept as they are when it writes,
// so an older breakerbox never destroys a newer one's memory.
//
// Writes are atomic (a temporary file, fsync, rename): a crash leaves the old
// record or the new one, never half of one. They leave the main thread: `set`
// decides the new file at once (reads see it from then on, in this store) and
// the store writes it in the background, several sets of one record in one
// write; `flush()` waits for them, and what is still unwritten when the
// process exits is written then (an fsync took 5–20 ms here, three per server
// at every start: BENCHMARKS.md, startup). Reads are tolerant: a corrupt or
// foreign file is ignored with a warning (and replaced on the next write),
// never a crash. A record is a cache; losing it only costs a probe.
import {chmodSync, closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync} from 'node:fs';
import {open, rename, rm} from 'node:fs/promises';
import {join} from 'node:path';
import {nodeCrypto} from './node-crypto.js';
import type {ServerFingerprint} from './server-fingerprint.js';
import {privateDir, stateDir} from './state-dir.js';
import {readServerPins, type ServerPins} from './pin-section.js';
import {isoTime} from './iso-time.js';

/** The record format this code writes. */
export const RECORD_FORMAT = 1;
/** A record larger than this is not read (room for a cached catalog). */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/** What the last successful handshake learned (written by the hub, read before the next start). */
export interface EraSection {
  era: 'modern' | 'legacy';
  protocolVersion: string;
  /** How it was decided then: probe, remembered, pinned, respawned-after-probe. */
  decidedBy: string;
  /** ISO time of that handshake. */
  at: string;
}

/**
 * The last successful listing (issue #18, src/hub/catalog-cache.ts): offered
 * at the next start, marked cached, until the server's own list confirms or
 * corrects it. Tools are plain JSON, read back as untrusted (every one goes
 * through the catalog's checks again).
 */
export interface CatalogSection {
  /** The tools the model was offered, in the server's order (after the config's filters and size limits). */
  tools: Array<Record<string, unknown>>;
  era: 'modern' | 'legacy';
  protocolVersion: string;
  /** Self-reported `serverInfo.name`, display only. */
  serverName?: string;
  /** The config's include/exclude filters the list was made with; a change makes the cache unusable. */
  filter: string;
  /** ISO time of the listing. */
  at: string;
  /** The list's `ttlMs` (2026-07-28): how long it may be trusted from `at`. */
  ttlMs?: number;
  cacheScope?: 'public' | 'private';
  /**
   * Tools this server added during a run, each with its place in the table
   * when it was appended (after every server's other tools), so the next
   * start sends the table in the order the model last saw it.
   */
  appended?: Record<string, number>;
}

/** Every named section a record can hold. The extension point: add yours here. */
export interface RecordSections {
  era: EraSection;
  catalog: CatalogSection;
  /** Pinned tool definitions (trust on first use, #21). */
  pins: ServerPins;
}
export type SectionName = keyof RecordSections;

/** Reads one section from untrusted JSON; undefined drops it with a warning. */
export const SECTION_READERS: {[K in SectionName]: (raw: unknown) => RecordSections[K] | undefined} = {
  era: (raw) => {
    const r = raw as Partial<EraSection> | null;
    if (typeof r !== 'object' || r === null) return undefined;
    if ((r.era !== 'modern' && r.era !== 'legacy') || typeof r.protocolVersion !== 'string' || typeof r.decidedBy !== 'string' || typeof r.at !== 'string') return undefined;
    return {era: r.era, protocolVersion: r.protocolVersion, decidedBy: r.decidedBy, at: r.at};
  },
  catalog: readCatalogSection,
  pins: readServerPins,
};

function readCatalogSection(raw: unknown): CatalogSection | undefined {
  const r = raw as Partial<CatalogSection> | null;
  if (typeof r !== 'object' || r === null || !Array.isArray(r.tools)) return undefined;
  if ((r.era !== 'modern' && r.era !== 'legacy') || typeof r.protocolVersion !== 'string' || typeof r.filter !== 'string' || typeof r.at !== 'string') return undefined;
  const tools = r.tools.filter((t): t is Record<string, unknown> => typeof t === 'object' && t !== null && !Array.isArray(t) && typeof (t as {name?: unknown}).name === 'string');
  if (tools.length !== r.tools.length) return undefined;
  const ttlOk = typeof r.ttlMs === 'number' && Number.isFinite(r.ttlMs) && r.ttlMs >= 0;
  if (r.ttlMs !== undefined && !ttlOk) return undefined;
  return {
    tools,
    era: r.era,
    protocolVersion: r.protocolVersion,
    ...(typeof r.serverName === 'string' ? {serverName: r.serverName} : {}),
    filter: r.filter,
    at: r.at,
    ...(ttlOk ? {ttlMs: r.ttlMs} : {}),
    ...(r.cacheScope === 'public' || r.cacheScope === 'private' ? {cacheScope: r.cacheScope} : {}),
    ...readAppended(r.appended, tools),
  };
}

/** A bad `appended` only costs the order (the tools go to their server's place), never the list. */
function readAppended(raw: unknown, tools: ReadonlyArray<Record<string, unknown>>): {appended?: Record<string, number>} {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const names = new Set(tools.map((t) => t.name as string));
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([name, at]) => names.has(name) && Number.isSafeInteger(at) && (at as number) >= 0)) return {};
  return {appended: Object.fromEntries(entries) as Record<string, number>};
}

/** The file as written. */
interface RecordFile {
  format: number;
  fingerprint: Omit<ServerFingerprint, 'secretsHash'>;
  updatedAt: string;
  /** Null prototype: section names come from a file. */
  sections: Record<string, unknown>;
}

/** Where records live; one per state directory. */
export class ServerRecordStore {
  /** Files decided by `set` and not yet on disk, by path, with who hears a failure. */
  private readonly unwritten = new Map<string, {text: string; warn: (message: string) => void}>();
  private writing?: Promise<void>;
  /** The temporary file the background write has open, removed if the process exits first. */
  private temp?: string;
  private exitHook?: () => void;

  constructor(readonly dir: string) {}

  /** The store in the state directory, or undefined when the directory cannot be made. */
  static open(env: NodeJS.ProcessEnv = process.env): ServerRecordStore | undefined {
    try {
      const dir = privateDir(join(stateDir(env), 'servers'));
      chmodSync(dir, 0o700);
      sweepStaleTemps(dir);
      return new ServerRecordStore(dir);
    } catch {
      return undefined;
    }
  }

  /** The record of one server; `warn` hears why a file was ignored or not written. */
  record(fingerprint: ServerFingerprint, warn: (message: string) => void = () => {}): ServerRecord {
    return new ServerRecord(this.dir, fingerprint, warn, this);
  }

  /** Resolves when every record set so far is on disk (or its failure was warned). Never rejects. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** The text `set` decided for `path` that is not on disk yet. */
  unwrittenText(path: string): string | undefined {
    return this.unwritten.get(path)?.text;
  }

  /** Takes the file's next text; written in the background, after any write already under way. */
  write(path: string, text: string, warn: (message: string) => void): void {
    this.unwritten.set(path, {text, warn});
    if (!this.exitHook) {
      this.exitHook = () => this.writeNowSync();
      process.once('exit', this.exitHook);
    }
    this.startWriting();
  }

  private startWriting(): void {
    if (this.writing) return;
    this.writing = this.drain().finally(() => {
      this.writing = undefined;
      // A set that came between the last write and this moment is written too.
      if (this.unwritten.size > 0) this.startWriting();
      else if (this.exitHook) {
        process.off('exit', this.exitHook);
        this.exitHook = undefined;
      }
    });
  }

  private async drain(): Promise<void> {
    for (let next = first(this.unwritten); next; next = first(this.unwritten)) {
      const [path, {text, warn}] = next;
      this.temp = tempName(path);
      try {
        await writeAtomicAsync(path, this.temp, text);
      } catch (err) {
        warn(`${path}: could not save the server record: ${(err as Error).message}`);
      }
      this.temp = undefined;
      // A set made while it was being written is written next.
      if (this.unwritten.get(path)?.text === text) this.unwritten.delete(path);
    }
  }

  /** At exit: what the background has not written yet, written now. */
  private writeNowSync(): void {
    if (this.temp) rmSync(this.temp, {force: true});
    for (const [path, {text, warn}] of this.unwritten) {
      try {
        writeAtomic(path, text);
      } catch (err) {
        warn(`${path}: could not save the server record: ${(err as Error).message}`);
      }
    }
    this.unwritten.clear();
  }
}

function first<K, V>(map: Map<K, V>): [K, V] | undefined {
  for (const entry of map) return entry;
  return undefined;
}

/** One server's record: read and write its sections. Never throws. */
export class ServerRecord {
  readonly path: string;

  constructor(
    dir: string,
    readonly fingerprint: ServerFingerprint,
    private readonly warn: (message: string) => void,
    /** Writes in the background when given (a store's records); otherwise each `set` writes before it returns. */
    private readonly store?: ServerRecordStore,
  ) {
    const name = fingerprint.alias.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
    this.path = join(dir, `${name}-${fingerprint.id}.json`);
  }

  /** A section, if the record has a well-formed one. */
  get<K extends SectionName>(name: K): RecordSections[K] | undefined {
    const file = this.read();
    if (!file || !Object.hasOwn(file.sections, name)) return undefined;
    const section = SECTION_READERS[name](file.sections[name]);
    if (section === undefined) this.warn(`${this.path}: the "${name}" section is malformed; ignored`);
    return section;
  }

  /** Replaces one section (undefined removes it), keeping every other section as it is. */
  set<K extends SectionName>(name: K, value: RecordSections[K] | undefined): void {
    const file = this.read('write');
    if (file === null) return;
    const sections: Record<string, unknown> = Object.assign(Object.create(null), file?.sections);
    if (value === undefined) delete sections[name];
    else sections[name] = value;
    const {id, alias, kind, target} = this.fingerprint;
    const next: RecordFile = {format: RECORD_FORMAT, fingerprint: {id, alias, kind, target}, updatedAt: isoTime(new Date()), sections};
    const text = `${JSON.stringify(next, null, 2)}\n`;
    if (this.store) return this.store.write(this.path, text, this.warn);
    try {
      writeAtomic(this.path, text);
    } catch (err) {
      this.warn(`${this.path}: could not save the server record: ${(err as Error).message}`);
    }
  }

  /**
   * The file, undefined when there is none (or it is unusable and may be
   * replaced), null when it must not be replaced (a newer format).
   */
  private read(purpose: 'read' | 'write' = 'read'): RecordFile | undefined | null {
    const ignored = (why: string) => (this.warn(`${this.path}: ${why}; ignored${purpose === 'write' ? ' and replaced' : ''}`), undefined);
    let text: string;
    try {
      const unwritten = this.store?.unwrittenText(this.path);
      if (unwritten !== undefined) text = unwritten;
      else {
        // No record yet is the usual case at a first start (several reads per server): answered without an exception.
        const size = statSync(this.path, {throwIfNoEntry: false})?.size;
        if (size === undefined) return undefined;
        if (size > MAX_RECORD_BYTES) return ignored(`larger than ${MAX_RECORD_BYTES} bytes`);
        text = readFileSync(this.path, 'utf8');
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      return ignored(`could not be read (${(err as Error).message})`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      return ignored(`not valid JSON (${(err as Error).message})`);
    }
    const file = raw as Partial<RecordFile> | null;
    if (typeof file !== 'object' || file === null || typeof file.format !== 'number') return ignored('not a breakerbox server record');
    if (file.format > RECORD_FORMAT) {
      this.warn(`${this.path}: written by a newer breakerbox (format ${file.format}); left as it is`);
      return null;
    }
    if (file.fingerprint?.id !== this.fingerprint.id) return ignored('it belongs to another server fingerprint');
    const sections = typeof file.sections === 'object' && file.sections !== null && !Array.isArray(file.sections) ? file.sections : {};
    return {format: file.format, fingerprint: file.fingerprint, updatedAt: String(file.updatedAt), sections};
  }
}

/**
 * Removes temporary files left by processes that are gone. A background write
 * still in the thread pool when its process exits can create its temporary
 * file after the exit hook has removed it; the record itself was written by
 * the hook, so the file is only litter.
 */
function sweepStaleTemps(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(dir, name), {force: true});
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, someone else's.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

function tempName(path: string): string {
  return `${path}.${process.pid}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
}

/** Writes `text` to `path` so that readers see the old file or the new one, never a mix. */
function writeAtomic(path: string, text: string): void {
  const temp = tempName(path);
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, {force: true});
    throw err;
  }
}

/** writeAtomic off the main thread (the fsync is most of its time). */
async function writeAtomicAsync(path: string, temp: string, text: string): Promise<void> {
  const file = await open(temp, 'wx', 0o600);
  try {
    await file.writeFile(text);
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, {force: true});
    throw err;
  }
}
