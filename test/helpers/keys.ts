/** What a terminal sends for the keys the UI tests press. */
export const TAB = '\t';
export const SHIFT_TAB = '\u001b[Z';
export const DOWN = '\u001b[B';
export const RIGHT = '\u001b[C';
export const ESC = '\u001b';
export const CTRL_C = '\u0003';
export const CTRL_D = '\u0004';
export const CTRL_S = '\u0013';
export const CTRL_U = '\u0015';
export const CTRL_X = '\u0018';
