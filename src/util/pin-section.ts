// The `pins` section of the per-server record, and of `mcp.pins.json`: the
// shape of a pinned tool definition and its reader for untrusted JSON. Here,
// at the lowest layer, because the record (util) reads it; the hub's trust
// code computes and compares pins.

/**
 * A tool's pin: its canonical definition and that text's hash. Pins are
 * compared by `definition`; the hash is for people and files (the record,
 * `mcp.pins.json`, `breakerbox pins`), so a listing's pins compute it only
 * when read (hub/trust/listed-pin.ts) and a stored one is kept as read.
 */
export interface ToolPin {
  /** `sha256:` and 64 hex characters over `definition`. */
  hash: string;
  /** The canonical JSON, kept so a later change can be shown as a diff. */
  definition: string;
  /** ISO time the definition was pinned (first seen, or trusted by the user). */
  pinnedAt: string;
  /** The user allowed this definition's invisible characters (`/trust`, `pins --write`). */
  allowHidden?: boolean;
}

/** One server's pins: original tool name → pin (null prototype). */
export interface ServerPins {
  tools: Record<string, ToolPin>;
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
