// Where each pane goes for a terminal size. Pure, so it is tested without Ink.
// The frame is one row shorter than the terminal: a frame that fills every row
// makes Ink clear the whole screen on each update (flicker).

/** A pane's size; height 0 means the pane is hidden. */
export interface Rect {
  width: number;
  height: number;
}

/** The screen split into panes. */
export interface Layout {
  /** Below 100 columns the panes stack vertically. */
  stacked: boolean;
  columns: number;
  rows: number;
  conversation: Rect;
  catalog: Rect;
  servers: Rect;
  trace: Rect;
  /** Rows of the approval dialog (0 when none). */
  dialog: number;
}

/** What the layout depends on besides the terminal size. */
export interface LayoutInput {
  columns: number;
  rows: number;
  traceVisible: boolean;
  serverCount: number;
  dialogRows: number;
}

import {innerCols} from './components/frame-size.js';
import {CATALOG_ROWS_PER_ENTRY, serverRowsPer} from './panes/rows-per.js';

/** Columns from which the panes sit side by side. */
export const WIDE_COLUMNS = 100;
/** Input line and two status rows. */
export const BOTTOM_ROWS = 3;

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));
/** A frame height whose inner rows hold whole entries of `per` rows (never below 3). */
const snap = (height: number, per: number) => Math.max(3, 2 + Math.floor((height - 2) / per) * per);

/** Splits the terminal into panes. */
export function computeLayout(i: LayoutInput): Layout {
  const columns = Math.max(20, Math.floor(i.columns));
  const rows = Math.max(6, Math.floor(i.rows)) - 1;
  const dialog = Math.min(i.dialogRows, Math.max(0, rows - BOTTOM_ROWS - 3));
  let main = Math.max(0, rows - BOTTOM_ROWS - dialog);
  const stacked = columns < WIDE_COLUMNS;
  const none = {width: columns, height: 0};
  let trace = none;
  if (i.traceVisible && main >= 12) {
    const h = clamp(Math.floor(main * 0.35), 6, 16);
    trace = {width: columns, height: h};
    main -= h;
  }
  if (!stacked) {
    const left = Math.floor(columns * 0.56);
    const right = columns - left;
    // Too short for three panes: the conversation takes it all.
    if (main < 10) return {stacked, columns, rows, conversation: {width: columns, height: main}, catalog: none, servers: none, trace, dialog};
    const per = serverRowsPer(innerCols(right));
    const servers = snap(clamp(i.serverCount * per + 2, 2 + per, Math.floor(main / 2)), per);
    return {
      stacked,
      columns,
      rows,
      conversation: {width: left, height: main},
      catalog: {width: right, height: main - servers},
      servers: {width: right, height: servers},
      trace,
      dialog,
    };
  }
  if (main < 16) return {stacked, columns, rows, conversation: {width: columns, height: main}, catalog: none, servers: none, trace, dialog};
  const per = serverRowsPer(innerCols(columns));
  const servers = snap(clamp(i.serverCount * per + 2, 2 + per, Math.floor(main * 0.3)), per);
  const catalog = snap(clamp(Math.floor(main * 0.3), 4, main - servers - 6), CATALOG_ROWS_PER_ENTRY);
  return {
    stacked,
    columns,
    rows,
    conversation: {width: columns, height: main - servers - catalog},
    catalog: {width: columns, height: catalog},
    servers: {width: columns, height: servers},
    trace,
    dialog,
  };
}
