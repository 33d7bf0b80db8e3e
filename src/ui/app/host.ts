// What the UI asks of the process it runs in for /export and /copy: the CLI
// provides it (src/cli/ui-host.ts), tests provide fakes. The UI never touches
// files or the terminal stream itself.

/** Files and the clipboard, as the UI may use them. */
export interface UiHost {
  /** Writes an exported conversation to `file` (or a timestamped file); returns the path. Throws an error with a message for people. */
  writeExport(markdown: string, file?: string): string;
  /** Puts `text` on the terminal's clipboard (OSC 52). */
  copyToClipboard(text: string): void;
  /** The session this run records, for the export's header. */
  readonly session?: string;
  readonly cwd: string;
  now(): Date;
}
