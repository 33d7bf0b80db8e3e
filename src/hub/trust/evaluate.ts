// A server's listing against its pins: which tools are seen for the first
// time, pinned and unchanged, new, or changed since pinned (with the diff);
// which were removed; which are withheld from the model and why; and the pins
// to save. Pure: the hub does the reading and writing.
import type {Tool} from '../../session/mcp-types.js';
import {canonicalJsonOfData, canonicalJsonsOfData, pinnedDefinition, pinTool, type ToolPin} from './canonical.js';
import {diffDefinitions, type DefinitionChange} from './diff.js';
import type {ServerPins} from './pins.js';
import {ListedPin} from './listed-pin.js';
import {writtenTogether} from './pins-json.js';
import {PIECE} from './json-pieces.js';
import {hasHiddenCharacters, isAscii} from './scan.js';
import {hidesCharacters} from './scan-tool.js';
import {isoTime} from '../../util/iso-time.js';

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
  const out = new Map<string, ToolPinCheck>();
  // The listing's canonical texts are written only to compare it with pins
  // read from a file (a text, no listed tool); a first sight, and pins this
  // process made, are compared with the listed tools by value.
  let fromFile = false;
  if (previous) {
    for (const name in previous.tools) {
      if (previous.tools[name] instanceof ListedPin) continue;
      fromFile = true;
      break;
    }
  }
  const texts = fromFile ? listingTexts(tools) : undefined;
  // Every character that hides is outside ASCII: a tool in an all-ASCII piece of text hides none.
  const ascii = texts ? texts.ascii : asciiTools(tools);
  const pinnedAt = isoTime(now);
  const unchanged = new PinnedVerdicts();
  // The pins after this listing, made from the first tool that changes them:
  // an unchanged listing keeps the pins it was given, with no table or pin made per tool.
  let next = previous === undefined ? newPins() : undefined;
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const old = previous && Object.hasOwn(previous.tools, tool.name) ? previous.tools[tool.name]! : undefined;
    const hidden = ascii[i] === 0 && (texts === undefined || mayHide(texts.of[i]!)) && hidesCharacters(tool);
    if (!old) {
      next ??= keptUpTo(previous!, tools, i);
      next.tools[tool.name] = new ListedPin(tool, pinnedAt);
      out.set(tool.name, hidden ? {state: previous ? 'new' : 'first-seen', withheld: ['hidden-characters'], mustAsk: false} : previous ? NEW : FIRST_SEEN);
      continue;
    }
    const text = texts?.of[i];
    if ((old instanceof ListedPin && old.matches(tool)) || old.definition === (text ?? canonicalText(tool))) {
      if (next) next.tools[tool.name] = old;
      out.set(tool.name, hidden && !old.allowHidden ? {state: 'pinned', pinnedAt: old.pinnedAt, withheld: ['hidden-characters'], mustAsk: false} : unchanged.at(old.pinnedAt));
    } else {
      const changes = diffDefinitions(old.definition, text ?? canonicalText(tool));
      const accept = mode === 'allow';
      if (accept) next ??= keptUpTo(previous!, tools, i);
      if (next) next.tools[tool.name] = accept ? new ListedPin(tool, pinnedAt) : old;
      const withheld: WithheldReason[] = [...(mode === 'withhold' ? (['changed'] as const) : []), ...(hidden ? (['hidden-characters'] as const) : [])];
      out.set(tool.name, {state: 'changed', changes, pinnedAt: old.pinnedAt, withheld, mustAsk: !accept});
    }
  }
  const removed = previous ? Object.keys(previous.tools).filter((name) => !out.has(name)) : [];
  if (removed.length > 0) next ??= keptUpTo(previous!, tools, tools.length);
  // Unchanged, the pins after are the pins before, entry for entry: those, not a copy.
  return next ? {tools: out, removed, pins: next, changed: true} : {tools: out, removed, pins: previous!, changed: false};
}

/** A listing's canonical texts, and which tools are in an all-ASCII piece of them. */
interface ListingTexts {
  of: string[];
  ascii: Uint8Array;
}

/** Every tool's canonical definition, written a piece of the listing at a time (canonical-data.ts). */
function listingTexts(tools: readonly Tool[]): ListingTexts {
  const definitions = new Array<Record<string, unknown>>(tools.length);
  for (let i = 0; i < tools.length; i++) definitions[i] = pinnedDefinition(tools[i]!);
  const ascii = new Uint8Array(tools.length);
  // A piece holds each of its tools' strings whole: one ASCII test of it clears them all.
  const of = canonicalJsonsOfData(definitions, (piece, from, to) => {
    if (isAscii(piece)) ascii.fill(1, from, to);
  });
  return {of, ascii};
}

const canonicalText = (tool: Tool): string => canonicalJsonOfData(pinnedDefinition(tool));

/**
 * Which tools are in a piece of the listing whose plain JSON text is all
 * ASCII: JSON.stringify writes every string and key of a tool as it is but
 * for control characters, and no character that hides is one. One native
 * write and one test a piece, where a walk of every tool's texts in JS was
 * hot enough in six 50-tool starts for V8's optimizing compiler (+4 MB of
 * peak RSS, BENCHMARKS.md §32).
 */
function asciiTools(tools: readonly Tool[]): Uint8Array {
  const ascii = new Uint8Array(tools.length);
  for (let from = 0; from < tools.length; from += PIECE) {
    const to = Math.min(tools.length, from + PIECE);
    let text: string | undefined;
    try {
      text = JSON.stringify(tools.slice(from, to));
    } catch {
      text = undefined; // not JSON data: each tool's texts are walked
    }
    if (text !== undefined && isAscii(text)) ascii.fill(1, from, to);
  }
  return ascii;
}

const newPins = (): ServerPins => writtenTogether(Object.create(null) as Record<string, ToolPin>);

/** The pins after a listing whose first `count` tools kept their pins: those pins. */
function keptUpTo(previous: ServerPins, tools: readonly Tool[], count: number): ServerPins {
  const pins = newPins();
  for (let i = 0; i < count; i++) pins.tools[tools[i]!.name] = previous.tools[tools[i]!.name]!;
  return pins;
}

/** The verdict on most tools of a listing: one frozen object, not one per tool. */
const FIRST_SEEN: ToolPinCheck = Object.freeze({state: 'first-seen', withheld: Object.freeze([]) as unknown as WithheldReason[], mustAsk: false});
const NEW: ToolPinCheck = Object.freeze({state: 'new', withheld: Object.freeze([]) as unknown as WithheldReason[], mustAsk: false});

/**
 * The verdict on an unchanged tool, one frozen object per pinning time: a
 * listing's tools were mostly pinned together (a first sight), so a warm
 * start makes one or a few, not one per tool.
 */
class PinnedVerdicts {
  private lastAt: string | undefined = undefined;
  private last: ToolPinCheck | undefined = undefined;

  at(pinnedAt: string): ToolPinCheck {
    if (this.last && this.lastAt === pinnedAt) return this.last;
    this.lastAt = pinnedAt;
    return (this.last = Object.freeze({state: 'pinned', pinnedAt, withheld: Object.freeze([]) as unknown as WithheldReason[], mustAsk: false}));
  }
}

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
