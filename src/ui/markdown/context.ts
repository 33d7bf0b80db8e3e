// What every markdown layout function is given.
import type {Seg} from '../line.js';

/** Layout options for one rendering of an answer. */
export interface MdContext {
  /** Cells available to this block (already narrowed by list and quote indents). */
  width: number;
  /** False under NO_COLOR: marks that only a colour would show (inline code) stay visible as text. */
  color: boolean;
  /** List nesting depth, for the bullet shape. */
  depth: number;
  /** Highlight code fences that are not closed yet (the answer is complete). */
  final: boolean;
}

/** Styling carried down from enclosing inline tokens (a link inside bold text is bold too). */
export type SegStyle = Omit<Seg, 'text'>;

/** `ctx` narrowed by `cells` (at least one cell stays). */
export function narrower(ctx: MdContext, cells: number): MdContext {
  return {...ctx, width: Math.max(1, ctx.width - cells)};
}
