// The file the bin imports for the terminal UI (./mode-entry.ts): the parser
// and the mode that draws the first frame (the config, the spawn and the app
// load after the frame: ./modes/tui.ts).
import {run} from './modes/tui.js';
import {modeEntry} from './mode-entry.js';

// The main build's mode table imports this file as the TUI's module.
export {run};

export const main = modeEntry(new Set(['tui']), {run});
