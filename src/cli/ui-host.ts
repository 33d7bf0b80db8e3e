// The UI's host in a real terminal: exports go to files in the current
// directory, the clipboard escape goes to the terminal.
import {writeExport} from '../sessions/export-file.js';
import type {UiHost} from '../ui/app/host.js';
import {osc52} from '../util/osc52.js';

/** A host writing files under `cwd` and clipboard escapes to `out`. */
export function terminalHost(out: {write(text: string): unknown}, cwd: string, session?: string): UiHost {
  return {
    session,
    cwd,
    now: () => new Date(),
    writeExport: (markdown, file) => writeExport(markdown, {file, cwd, now: new Date()}),
    copyToClipboard: (text) => void out.write(osc52(text)),
  };
}
