// A server's listing against its pins: which tools are seen for the first
// time, pinned and unchanged, new, or changed since pinned (with the diff);
// which were removed; which are withheld from the model and why; and the pins
// to save. Pure: the hub does the reading and writing.
import type {Tool} from '../../session/mcp-types.js';
import {pinListing, pinTool, type ToolPin} from './canonical.js';
import {diffDefinitions, type DefinitionChange} from './diff.js';
import type {ServerPins} from './pins.js';
import {hasHiddenCharacters} from './scan.js';
import {hidesCharacters} from './scan-tool.js';

/** What to do with a tool whose definition changed since it was pinned (config `onToolChange`). */
export type OnToolChange = 'withhold' | 'ask' | 'allow';

/** A tool's place against its pin. */
export type PinState = 'first-seen' | 'pinned' | 'new' | 'changed';

/** Why a tool is kept from the model. */
export type WithheldReason = 'changed' | 'hidden-characters';

/** One tool's trust, as the catalog carries it. */
export interface ToolPinCheck {
  state: PinState;
  /** For `changed`: what changed since the pin. */
  changes?: DefinitionChange[];
  /** When the definition it is compared with was pinned. */
  pinnedAt?: string;
  /** Non-empty: the tool is out of the model's table until the user trusts it. */
  withheld: WithheldReason[];
  /** Changed and not yet accepted: no "always allow" applies, every call asks. */
  mustAsk: boolean;
}

/** A server's listing checked against its pins. */
export interface ServerPinCheck {
  tools: Map<string, ToolPinCheck>;
  /** Pinned tools the listing no longer has. */
  removed: string[];
  /** The pins after this listing. */
  pins: ServerPins;
  /** True when `pins` differs from what was loaded. */
  changed: boolean;
}

/** Checks `tools` against `previous` (undefined: the server was never seen). */
export function checkPins(previous: ServerPins | undefined, tools: readonly Tool[], mode: OnToolChange, now: Date = new Date()): ServerPinCheck {
  const next: Record<string, ToolPin> = Object.create(null);
  const out = new Map<string, ToolPinCheck>();
  let changed = previous === undefined;
  const pins = pinListing(tools, now.toISOString());
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const pin = pins[i]!;
    const old = previous && Object.hasOwn(previous.tools, tool.name) ? previous.tools[tool.name]! : undefined;
    const hidden = mayHide(pin.definition) && hidesCharacters(tool);
    if (!old) {
      next[tool.name] = pin;
      changed = true;
      out.set(tool.name, hidden ? {state: previous ? 'new' : 'first-seen', withheld: ['hidden-characters'], mustAsk: false} : previous ? NEW : FIRST_SEEN);
    } else if (old.definition === pin.definition) {
      next[tool.name] = old;
      out.set(tool.name, {state: 'pinned', pinnedAt: old.pinnedAt, withheld: hidden && !old.allowHidden ? ['hidden-characters'] : [], mustAsk: false});
    } else {
      const changes = diffDefinitions(old.definition, pin.definition);
      const accept = mode === 'allow';
      next[tool.name] = accept ? pin : old;
      changed ||= accept;
      const withheld: WithheldReason[] = [...(mode === 'withhold' ? (['changed'] as const) : []), ...(hidden ? (['hidden-characters'] as const) : [])];
      out.set(tool.name, {state: 'changed', changes, pinnedAt: old.pinnedAt, withheld, mustAsk: !accept});
    }
  }
  const removed = previous ? Object.keys(previous.tools).filter((name) => !out.has(name)) : [];
  return {tools: out, removed, pins: {tools: next}, changed: changed || removed.length > 0};
}

/** The verdict on most tools of a listing: one frozen object, not one per tool. */
const FIRST_SEEN: ToolPinCheck = Object.freeze({state: 'first-seen', withheld: Object.freeze([]) as unknown as WithheldReason[], mustAsk: false});
const NEW: ToolPinCheck = Object.freeze({state: 'new', withheld: Object.freeze([]) as unknown as WithheldReason[], mustAsk: false});

/**
 * False when the tool certainly hides no characters: its canonical
 * definition holds every text `hidesCharacters` reads, verbatim (JSON
 * escapes none of those characters), unless a part was cut as too deep.
 * Nearly every tool is answered by this one test of one string.
 */
function mayHide(definition: string): boolean {
  return hasHiddenCharacters(definition) || definition.includes('"[too deep]"');
}

/** The pins after the user trusts `tool` as it is now: re-pinned, its invisible characters allowed. */
export function trustTool(pins: ServerPins | undefined, tool: Tool, now: Date = new Date()): ServerPins {
  const tools: Record<string, ToolPin> = Object.assign(Object.create(null), pins?.tools);
  tools[tool.name] = pinTool(tool, now, true);
  return {tools};
}
