// The subcommands: actions (`breakerbox call …`, `login`, `import`, …), as
// opposed to the modes of the app, which stay flags (`--print`,
// `--list-tools`, …). One module each under this folder, exporting
// `run(argv, io)`, loaded only when its command runs. A command is listed
// here once it works; an unknown name exits 2 with this list.
import type {CliIo, Subcommand} from './io.js';

export {processIo, type CliIo, type Subcommand} from './io.js';

/** One subcommand's module. */
export interface Command {
  /** Runs with the arguments after the command's name; resolves to the exit code. */
  run: Subcommand;
}

/** A row of the dispatch table. */
export interface CommandEntry {
  /** One line for `breakerbox --help` and the unknown-command message. */
  summary: string;
  load(): Promise<Command>;
}

/** Every subcommand, by name. */
export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  import: {summary: 'bring servers from another client’s config (Claude, Cursor, VS Code, Codex, Gemini…)', load: () => import('./import.js')},
  add: {summary: 'add a server to mcp.config.json', load: () => import('./add.js')},
  remove: {summary: 'remove a server from mcp.config.json', load: () => import('./remove.js')},
  export: {summary: 'write a saved session as markdown (ID or "latest"; file "-" is stdout)', load: () => import('./export.js')},
  call: {summary: 'call one tool by hand (starts only its server): call <mcp__alias__tool | alias/tool> [json]', load: () => import('./call.js')},
  login: {summary: 'log in to a remote server (OAuth; opens the browser)', load: () => import('./login.js')},
  logout: {summary: 'revoke and forget a remote server’s login', load: () => import('./logout.js')},
  audit: {summary: 'start every server; report changed tools and hidden instructions (exit 1 when something needs attention)', load: () => import('./audit.js')},
  pins: {summary: 'list pinned tool definitions; --write creates mcp.pins.json, --reset ALIAS forgets a server', load: () => import('./pins.js')},
};

/** `name  summary` lines, aligned; a sentence when there are none. */
export function commandList(table: Readonly<Record<string, CommandEntry>> = COMMANDS): string {
  const names = Object.keys(table);
  if (names.length === 0) return '  (none yet: every mode of the app is a flag, see above)';
  const width = Math.max(...names.map((n) => n.length));
  return names.map((n) => `  ${n.padEnd(width)}  ${table[n]!.summary}`).join('\n');
}

/**
 * Runs `argv[0]` as a subcommand with the rest of `argv`; exit 2 with the
 * list of known commands when there is no such command.
 */
export async function runCommand(argv: readonly string[], io: CliIo, table: Readonly<Record<string, CommandEntry>> = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  const entry = name !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
  if (!entry) {
    io.stderr.write(`breakerbox: unknown command ${JSON.stringify(name ?? '')}. Commands:\n${commandList(table)}\nRun breakerbox --help for the modes and options.\n`);
    return 2;
  }
  return (await entry.load()).run(rest, io);
}
