import {readFileSync} from 'node:fs';
import {ConfigError} from '../config/index.js';
import {HELP, parseCli, UsageError, type CliOptions} from './args.js';
import {buildApp} from './app.js';
import {listToolsJson, listToolsText} from './list-tools.js';
import {progressLine, runPrint} from './print.js';
import {exitCleanlyOn} from './signals.js';

/** Runs the command line; resolves to the exit code. Never leaves a server running. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let opts: CliOptions;
  try {
    opts = parseCli(argv);
  } catch (err) {
    if (err instanceof UsageError) return fail(err.message, 2);
    throw err;
  }
  try {
    switch (opts.mode) {
      case 'help':
        process.stdout.write(HELP);
        return 0;
      case 'version':
        process.stdout.write(`breakerbox ${version()}\n`);
        return 0;
      case 'list-tools':
        return await listTools(opts, env);
      case 'print':
        return await print(opts, env);
      case 'tui':
        if (!process.stdin.isTTY || !process.stdout.isTTY) {
          return fail('the terminal UI needs an interactive terminal (stdin is not a TTY).\nFor one question without the UI: breakerbox --print "your question" [--json] [--yes]\nTo see the tool table: breakerbox --list-tools', 2);
        }
        return await (await import('./tui.js')).runTui(opts, env);
      default:
        return fail(`--${opts.mode} is not available yet`, 2);
    }
  } catch (err) {
    if (err instanceof ConfigError || (err as {code?: string})?.code === 'invalid-script') return fail((err as Error).message, 2);
    throw err;
  }
}

async function listTools(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const app = await buildApp(opts, env, {interactive: false});
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => app.hub.close());
  try {
    await app.hub.start();
    process.stdout.write((opts.json ? listToolsJson(app.hub) : listToolsText(app.hub)) + '\n');
    return 0;
  } finally {
    await app.hub.close();
    release();
  }
}

async function print(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const names = new Map<string, string>();
  const app = await buildApp(opts, env, {
    interactive: false,
    observe: opts.json
      ? undefined
      : (event) => {
          const line = progressLine(event, names);
          if (line) process.stderr.write(line + '\n');
        },
  });
  // SIGINT cancels the turn (see runPrint); these end the run.
  const release = exitCleanlyOn(['SIGTERM', 'SIGHUP'], () => app.controller.shutdown());
  const releaseStartup = exitCleanlyOn(['SIGINT'], () => app.controller.shutdown());
  try {
    await app.hub.start();
    releaseStartup();
    if (app.model.offline && !opts.json && !opts.script) process.stderr.write(`• model: ${app.model.label} (no ANTHROPIC_API_KEY)\n`);
    return await runPrint(app.controller, opts.question!, opts.json, process.stdout);
  } finally {
    await app.controller.shutdown();
    release();
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
