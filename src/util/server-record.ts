// The one per-server record: what breakerbox remembers about a server between
// runs, in `<state dir>/servers/<alias>-<fingerprint>.json` (0600, in a 0700
// directory), keyed by the server fingerprint. It holds named sections; today
// `era` and `pins`. Later memory (a cached catalog) adds a
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
// record or the new one, never half of one. Reads are tolerant: a corrupt or
// foreign file is ignored with a warning (and replaced on the next write),
// never a crash. A record is a cache; losing it only costs a probe.
import {chmodSync, closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync} from 'node:fs';
import {join} from 'node:path';
import {randomBytes} from 'node:crypto';
import type {ServerFingerprint} from './server-fingerprint.js';
import {privateDir, stateDir} from './state-dir.js';
import {readServerPins, type ServerPins} from './pin-section.js';

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

/** Every named section a record can hold. The extension point: add yours here. */
export interface RecordSections {
  era: EraSection;
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
  pins: readServerPins,
};

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
  constructor(readonly dir: string) {}

  /** The store in the state directory, or undefined when the directory cannot be made. */
  static open(env: NodeJS.ProcessEnv = process.env): ServerRecordStore | undefined {
    try {
      const dir = privateDir(join(stateDir(env), 'servers'));
      chmodSync(dir, 0o700);
      return new ServerRecordStore(dir);
    } catch {
      return undefined;
    }
  }

  /** The record of one server; `warn` hears why a file was ignored or not written. */
  record(fingerprint: ServerFingerprint, warn: (message: string) => void = () => {}): ServerRecord {
    return new ServerRecord(this.dir, fingerprint, warn);
  }
}

/** One server's record: read and write its sections. Never throws. */
export class ServerRecord {
  readonly path: string;

  constructor(
    dir: string,
    readonly fingerprint: ServerFingerprint,
    private readonly warn: (message: string) => void,
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
    const next: RecordFile = {format: RECORD_FORMAT, fingerprint: {id, alias, kind, target}, updatedAt: new Date().toISOString(), sections};
    try {
      writeAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`);
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
      if (statSync(this.path).size > MAX_RECORD_BYTES) return ignored(`larger than ${MAX_RECORD_BYTES} bytes`);
      text = readFileSync(this.path, 'utf8');
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

/** Writes `text` to `path` so that readers see the old file or the new one, never a mix. */
function writeAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
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
