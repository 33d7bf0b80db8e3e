// The file the bin imports for `--list-tools`, `--list-resources` and
// `--list-prompts` (./mode-entry.ts): the parser, the list mode, and the
// config and spawn code it needs before its first spawn.
import {run} from './modes/list-tools.js';
import {modeEntry} from './mode-entry.js';

// The main build's mode table imports this file as the list modes' module. (No
// namespace import: it would load esbuild's runtime chunk for its __export.)
export {run};

export const main = modeEntry(new Set(['list-tools', 'list-resources', 'list-prompts']), {run});
