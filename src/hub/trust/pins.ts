// Where pins live is not the hub's business: it reads and writes them through
// this small interface. The app gives it the per-server record (and the
// team's `mcp.pins.json` when there is one); tests give it memory.
import type {ToolPin} from './canonical.js';

/** One server's pins: original tool name → pin. */
export interface ServerPins {
  tools: Record<string, ToolPin>;
}

/** Why pins are being saved. */
export type PinSave = 'seen' | 'trusted';

/** Reads and writes one server's pins, by alias. Never throws. */
export interface PinStore {
  load(alias: string): ServerPins | undefined;
  /**
   * `seen`: pinned on sight (a first sight, new tools, removed ones dropped, `onToolChange: "allow"`);
   * `trusted`: the user accepted a change (`/trust`, `breakerbox pins --write`).
   */
  save(alias: string, pins: ServerPins, why: PinSave): void;
  /** Forgets a server's pins; the next listing is a first sight. */
  reset(alias: string): void;
}

/** Pins kept for one run only (tests, and when no state directory can be made). */
export class MemoryPinStore implements PinStore {
  readonly servers = new Map<string, ServerPins>();

  load(alias: string): ServerPins | undefined {
    return this.servers.get(alias);
  }

  save(alias: string, pins: ServerPins): void {
    this.servers.set(alias, pins);
  }

  reset(alias: string): void {
    this.servers.delete(alias);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads pins from untrusted JSON (a record section or a pin file); malformed pins are left out. */
export function readServerPins(raw: unknown): ServerPins | undefined {
  if (!isObject(raw) || !isObject(raw.tools)) return undefined;
  const tools: Record<string, ToolPin> = Object.create(null);
  for (const [name, pin] of Object.entries(raw.tools)) {
    if (!isObject(pin) || typeof pin.hash !== 'string' || typeof pin.definition !== 'string' || typeof pin.pinnedAt !== 'string') continue;
    tools[name] = {hash: pin.hash, definition: pin.definition, pinnedAt: pin.pinnedAt, ...(pin.allowHidden === true ? {allowHidden: true} : {})};
  }
  return {tools};
}
