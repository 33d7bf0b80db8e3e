// The entry point. It imports only the argument parser and the command
// table: `--version` and `--help` answer without loading anything else, and
// every other mode loads its own module (./modes/index.ts) when it runs.
import {readFileSync} from 'node:fs';
import {HELP, parseCli, UsageError, type CliOptions} from './args.js';
import {commandList, runCommand} from './commands/index.js';
import {processIo} from './commands/io.js';
import {MODES} from './modes/index.js';

/**
 * Errors that mean "the user asked for something that cannot be": printed
 * without a stack trace, exit 2. Told apart by their `code`, so catching them
 * loads none of the modules that throw them (ConfigError, SessionError,
 * UsageError, the script loader's error).
 */
const USER_ERROR_CODES = new Set(['config', 'session', 'usage', 'invalid-script']);

/**
 * Runs the command line; resolves to the exit code. Never leaves a server
 * running. The grammar: `breakerbox <command> [args]` runs an action from the
 * dispatch table; anything starting with a flag is a mode of the app.
 */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const io = processIo(env);
  if (argv[0] !== undefined && !argv[0].startsWith('-')) return runCommand(argv, io);
  // `--export ID [file]` is the `export` subcommand spelt as a flag (an action, no servers).
  if (argv[0] === '--export') return runCommand(['export', ...argv.slice(1)], io);
  let opts: CliOptions;
  try {
    opts = parseCli(argv);
  } catch (err) {
    if (err instanceof UsageError) return fail(err.message, 2);
    throw err;
  }
  if (opts.mode === 'help') {
    process.stdout.write(`${HELP}\nCommands:\n${commandList()}\n`);
    return 0;
  }
  if (opts.mode === 'version') {
    process.stdout.write(`breakerbox ${version()}\n`);
    return 0;
  }
  if (opts.mode === 'tui' && (!process.stdin.isTTY || !process.stdout.isTTY)) {
    return fail('the terminal UI needs an interactive terminal (stdin is not a TTY).\nFor one question without the UI: breakerbox --print "your question" [--json] [--yes]\nTo see the tool table: breakerbox --list-tools', 2);
  }
  const load = MODES[opts.mode];
  if (!load) return fail(`--${opts.mode} is not available yet`, 2);
  try {
    return await (await load()).run(opts, env);
  } catch (err) {
    const code = (err as {code?: unknown})?.code;
    if (err instanceof Error && typeof code === 'string' && USER_ERROR_CODES.has(code)) return fail(err.message, 2);
    throw err;
  }
}

function fail(message: string, code: number): number {
  process.stderr.write(`breakerbox: ${message}\n`);
  return code;
}

function version(): string {
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
