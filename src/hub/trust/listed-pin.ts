// A pin made from a listing: the listed tool itself and when it was pinned,
// no text of its own. A Hub keeps its pins as long as a server is open, and a
// canonical text per tool (slices of the listing's text) was ~0.6 KB a tool
// kept and most of the pins' CPU in a 1,000-tool start (BENCHMARKS.md §29,
// §30, §32). The next listing is compared with the tool by value
// (pinned-definition.ts); the canonical text and its hash are written only
// where a pin is written (the per-server record, `mcp.pins.json`) or shown
// (`breakerbox pins`, a diff). The listed tools are never changed in place
// (the slot replaces a list, the size limits copy a tool they cut), so the
// text written later is the one pinned.
import {nodeCrypto} from '../../util/node-crypto.js';
import type {Tool} from '../../session/mcp-types.js';
import type {ToolPin} from '../../util/pin-section.js';
import {canonicalJsonOfData} from './canonical-data.js';
import {pinnedDefinition, samePinnedDefinition} from './pinned-definition.js';

/** `sha256:` and 64 hex characters over the canonical JSON. */
export function definitionHash(canonical: string): string {
  // One call, no Hash object per tool (node:crypto's one-shot hash, Node 20.12+).
  return `sha256:${nodeCrypto().hash('sha256', canonical, 'hex')}`;
}

/** A ToolPin over a listed tool: its text and hash written when read; stored as the plain pin (its toJSON). */
export class ListedPin implements ToolPin {
  constructor(
    private listed: Tool,
    readonly pinnedAt: string,
    readonly allowHidden?: true,
  ) {}

  get definition(): string {
    return canonicalJsonOfData(this.pinned());
  }

  /** The pinned parts of the listed tool, to be written (with others: pins-json.ts). */
  pinned(): Record<string, unknown> {
    return pinnedDefinition(this.listed);
  }

  get hash(): string {
    return definitionHash(this.definition);
  }

  /**
   * True when `tool` certainly has the pinned definition; the pin then holds
   * `tool`, so an earlier listing's objects are not kept beside the new one.
   * False may still be the same text (pinned-definition.ts says when).
   */
  matches(tool: Tool): boolean {
    if (!samePinnedDefinition(this.listed, tool)) return false;
    this.listed = tool;
    return true;
  }

  /** The stored shape (util/pin-section.ts), so the record and the pin file keep their format. */
  toJSON(): ToolPin {
    return this.stored(this.definition);
  }

  /** The stored shape, given this pin's canonical definition. */
  stored(definition: string): ToolPin {
    return {hash: definitionHash(definition), definition, pinnedAt: this.pinnedAt, ...(this.allowHidden ? {allowHidden: true} : {})};
  }
}
