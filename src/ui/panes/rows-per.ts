// How many rows a tool and a server take, apart from the code that draws
// them: the layout needs these numbers, and so does the first frame, drawn
// before anything else loads (first-frame.ts). Kept in the row builders'
// files, they brought the trust marks, the phrase patterns and Node's
// crypto module (~4 ms of CPU) into the TUI's start before its spawns.

/** Rows each catalog entry takes. */
export const CATALOG_ROWS_PER_ENTRY = 2;

/** Inner width from which a server fits in two rows instead of three. */
export const COMPACT_COLS = 72;

/** Rows each server takes in a pane `innerWidth` cells wide. */
export const serverRowsPer = (innerWidth: number): number => (innerWidth >= COMPACT_COLS ? 2 : 3);
