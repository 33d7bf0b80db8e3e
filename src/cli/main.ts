// The entry point. It imports only the argument parser and the command
// table: `--version` and `--help` answer without loading anything else, and
// every other mode loads its own module (./modes/index.ts) when it runs.
// The bin imports ./list-main.ts or ./tui-main.ts instead when the command
// line names their mode: each holds the parser and that mode.
import {readFileSync} from 'node:fs';
import {HELP, parseCli, UsageError, type CliOptions} from './args.js';
import {commandList, runCommand} from './commands/index.js';
import {processIo} from './commands/io.js';
import {fail, runMode} from './run-mode.js';
import {MODES} from './modes/index.js';

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
  const load = MODES[opts.mode];
  if (!load) return fail(`--${opts.mode} is not available yet`, 2);
  return runMode(opts, env, load);
}

function version(): string {
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}
