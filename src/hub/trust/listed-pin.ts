// A pin made from a listing. Pins are compared by their definition text (the
// same canonical text is the same pin), so the hash is needed only where a pin
// is written (the per-server record, `mcp.pins.json`) or shown (`breakerbox
// pins`). Hashing every listed tool of every start cost CPU per tool and made
// node:crypto's wrappers hot enough for TurboFan in a 1,000-tool start
// (BENCHMARKS.md §15, §17); here it is worked out on first read and kept.
import {nodeCrypto} from '../../util/node-crypto.js';
import type {ToolPin} from '../../util/pin-section.js';

/** `sha256:` and 64 hex characters over the canonical JSON. */
export function definitionHash(canonical: string): string {
  // One call, no Hash object per tool (node:crypto's one-shot hash, Node 20.12+).
  return `sha256:${nodeCrypto().hash('sha256', canonical, 'hex')}`;
}

/** A ToolPin whose hash is computed when first read; written as the plain pin (its toJSON). */
export class ListedPin implements ToolPin {
  private known: string | undefined = undefined;

  constructor(
    readonly definition: string,
    readonly pinnedAt: string,
    readonly allowHidden?: true,
  ) {}

  get hash(): string {
    return (this.known ??= definitionHash(this.definition));
  }

  /** The stored shape (util/pin-section.ts), so the record and the pin file keep their format. */
  toJSON(): ToolPin {
    return {hash: this.hash, definition: this.definition, pinnedAt: this.pinnedAt, ...(this.allowHidden ? {allowHidden: true} : {})};
  }
}
