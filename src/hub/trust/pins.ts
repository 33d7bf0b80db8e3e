// Where pins live is not the hub's business: it reads and writes them through
// this small interface. The app gives it the per-server record (and the
// team's `mcp.pins.json` when there is one); tests give it memory.
import type {ServerPins} from '../../util/pin-section.js';

export {readServerPins, type ServerPins, type ToolPin} from '../../util/pin-section.js';

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
