// A frame's inner size, without Ink: the layout (and the first frame drawn
// before Ink is loaded, ui/first-frame.ts) need it too.

/** Rows inside a frame of `height`. */
export const innerRows = (height: number): number => Math.max(0, height - 2);
/** Cells inside a frame of `width` (border and one space each side). */
export const innerCols = (width: number): number => Math.max(0, width - 4);
