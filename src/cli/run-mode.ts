// How a mode runs once the command line is parsed, and which failures are
// the user's: shared by ./main.ts and the entries of the modes' own files
// (./mode-entry.ts).
import {parseCli, type CliOptions, type Mode} from './args.js';
import type {ModeModule} from './modes/index.js';

/**
 * Errors that mean "the user asked for something that cannot be": printed
 * without a stack trace, exit 2. Told apart by their `code`, so catching them
 * loads none of the modules that throw them (ConfigError, SessionError,
 * UsageError, the script loader's error).
 */
const USER_ERROR_CODES = new Set(['config', 'session', 'usage', 'invalid-script']);

/**
 * The options when `argv` runs one of `modes`; undefined for a subcommand,
 * another mode, or a command line the parser refuses (main then says why).
 */
export function parsedFor(argv: string[], modes: ReadonlySet<Mode>): CliOptions | undefined {
  if (argv[0] !== undefined && (!argv[0].startsWith('-') || argv[0] === '--export')) return undefined;
  try {
    const opts = parseCli(argv);
    return modes.has(opts.mode) ? opts : undefined;
  } catch {
    return undefined;
  }
}

/** Runs a parsed mode; resolves to the exit code. */
export async function runMode(opts: CliOptions, env: NodeJS.ProcessEnv, load: () => Promise<ModeModule>): Promise<number> {
  if (opts.mode === 'tui' && (!process.stdin.isTTY || !process.stdout.isTTY)) {
    return fail('the terminal UI needs an interactive terminal (stdin is not a TTY).\nFor one question without the UI: breakerbox --print "your question" [--json] [--yes]\nTo see the tool table: breakerbox --list-tools', 2);
  }
  try {
    return await (await load()).run(opts, env);
  } catch (err) {
    const code = (err as {code?: unknown})?.code;
    if (err instanceof Error && typeof code === 'string' && USER_ERROR_CODES.has(code)) return fail(err.message, 2);
    throw err;
  }
}

export function fail(message: string, code: number): number {
  process.stderr.write(`breakerbox: ${message}\n`);
  return code;
}
