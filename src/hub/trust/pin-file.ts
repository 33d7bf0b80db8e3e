// `mcp.pins.json` beside the config: a team's pins, committed with the config.
// When it exists it is the reference for the servers it lists: what everyone
// sees, and what `breakerbox audit` in CI compares with. It changes only by a
// person's act (`/trust`, `breakerbox pins --write` or `--reset`), never by a
// server being seen; servers it does not list use the per-server record.
import {existsSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {nodeCrypto} from '../../util/node-crypto.js';
import {ConfigError} from '../../config/index.js';
import {readServerPins, type PinSave, type PinStore, type ServerPins} from './pins.js';

/** The file's name, beside the config file. */
export const PIN_FILE = 'mcp.pins.json';
export const PIN_FILE_FORMAT = 1;
const MAX_PIN_FILE_BYTES = 16 * 1024 * 1024;

/** A pin file that cannot be used (unreadable, not JSON, a newer format): a config problem, exit 2. */
export class PinFileError extends ConfigError {}

/** Where the pin file of a config is. */
export function pinFilePath(configPath: string): string {
  return join(dirname(configPath), PIN_FILE);
}

/** Reads a pin file: alias → pins. Throws PinFileError with the reason. */
export function readPinFile(path: string): Map<string, ServerPins> {
  let raw: unknown;
  try {
    const text = readFileSync(path, 'utf8');
    if (text.length > MAX_PIN_FILE_BYTES) throw new PinFileError(`${path}: larger than ${MAX_PIN_FILE_BYTES} bytes`);
    raw = JSON.parse(text);
  } catch (err) {
    if (err instanceof PinFileError) throw err;
    throw new PinFileError(`${path}: cannot be read: ${(err as Error).message}`);
  }
  const file = raw as {format?: unknown; servers?: unknown} | null;
  if (typeof file !== 'object' || file === null || typeof file.servers !== 'object' || file.servers === null || Array.isArray(file.servers)) {
    throw new PinFileError(`${path}: not a breakerbox pin file (expected {"format": 1, "servers": {…}}); write one with breakerbox pins --write`);
  }
  if (typeof file.format === 'number' && file.format > PIN_FILE_FORMAT) throw new PinFileError(`${path}: written by a newer breakerbox (format ${file.format})`);
  const out = new Map<string, ServerPins>();
  for (const [alias, server] of Object.entries(file.servers)) {
    const pins = readServerPins(server);
    if (pins) out.set(alias, pins);
  }
  return out;
}

/** Writes a pin file whole: sorted, one tool per key, so a review reads the diff. */
export function writePinFile(path: string, servers: ReadonlyMap<string, ServerPins>): void {
  const sorted = Object.fromEntries([...servers.keys()].sort().map((alias) => {
    const tools = servers.get(alias)!.tools;
    return [alias, {tools: Object.fromEntries(Object.keys(tools).sort().map((name) => [name, tools[name]]))}];
  }));
  const temp = `${path}.${nodeCrypto().randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify({format: PIN_FILE_FORMAT, servers: sorted}, null, 2)}\n`);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, {force: true});
    throw err;
  }
}

/** The pin file as a PinStore, with `fallback` for the servers it does not list. */
export class PinFileStore implements PinStore {
  private servers: Map<string, ServerPins>;

  constructor(
    readonly path: string,
    private readonly fallback: PinStore,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.servers = readPinFile(path);
  }

  /** True when the file lists `alias` (and so is its reference). */
  lists(alias: string): boolean {
    return this.servers.has(alias);
  }

  load(alias: string): ServerPins | undefined {
    return this.servers.get(alias) ?? this.fallback.load(alias);
  }

  save(alias: string, pins: ServerPins, why: PinSave): void {
    if (!this.servers.has(alias)) return this.fallback.save(alias, pins, why);
    // Seeing a server never edits the team's file; only a person's act does.
    if (why !== 'trusted') return;
    this.servers.set(alias, pins);
    this.write();
  }

  reset(alias: string): void {
    this.fallback.reset(alias);
    if (this.servers.delete(alias)) this.write();
  }

  private write(): void {
    try {
      writePinFile(this.path, this.servers);
    } catch (err) {
      this.warn(`${this.path}: could not be written: ${(err as Error).message}`);
    }
  }
}

/** The store of a run: the pin file beside the config when there is one, else `fallback`. */
export function openPinStore(configPath: string, fallback: PinStore, warn?: (message: string) => void): PinStore {
  const path = pinFilePath(configPath);
  return existsSync(path) ? new PinFileStore(path, fallback, warn) : fallback;
}
