import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {ConfigError} from '../config/index.js';
import {openTraceFile, type TraceFile} from '../debug/trace-file.js';
import {newSessionId, prepareSession, SessionError} from '../sessions/index.js';
import {HELP, parseCli, UsageError, type CliOptions} from './args.js';
import {buildApp} from './app.js';
import {terminalPrompt} from './login-prompt.js';
import {listToolsJson, listToolsText} from './list-tools.js';
import {listPromptsJson, listPromptsText, listResourcesJson, listResourcesText} from './list-extras.js';
import type {AppState} from '../state/app-state.js';
import {progressLine, runPrint} from './print.js';
import {selfCheckCommand} from './self-check.js';
import {runSessions} from './sessions.js';
import {exitCleanlyOn} from './signals.js';
import {commandList, runCommand} from './commands/index.js';
import {processIo} from './commands/io.js';
import {continueWith} from './continue-session.js';

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
  try {
    switch (opts.mode) {
      case 'help':
        process.stdout.write(`${HELP}\nCommands:\n${commandList()}\n`);
        return 0;
      case 'version':
        process.stdout.write(`breakerbox ${version()}\n`);
        return 0;
      case 'list-tools':
        return await listTools(opts, env, opts.json ? listToolsJson : listToolsText);
      case 'list-resources':
        return await listTools(opts, env, opts.json ? listResourcesJson : listResourcesText);
      case 'list-prompts':
        return await listTools(opts, env, opts.json ? listPromptsJson : listPromptsText);
      case 'print':
        return await print(opts, env);
      case 'sessions':
        return runSessions({env, json: opts.json});
      case 'self-check':
        return await selfCheckCommand(opts, env);
      case 'tui':
        if (!process.stdin.isTTY || !process.stdout.isTTY) {
          return fail('the terminal UI needs an interactive terminal (stdin is not a TTY).\nFor one question without the UI: breakerbox --print "your question" [--json] [--yes]\nTo see the tool table: breakerbox --list-tools', 2);
        }
        return await (await import('./tui.js')).runTui(opts, env);
      default:
        return fail(`--${opts.mode} is not available yet`, 2);
    }
  } catch (err) {
    if (err instanceof ConfigError || err instanceof SessionError || err instanceof UsageError || (err as {code?: string})?.code === 'invalid-script') return fail((err as Error).message, 2);
    throw err;
  }
}

/** `--list-tools`, `--list-resources`, `--list-prompts`: discover every server, print, exit. */
async function listTools(opts: CliOptions, env: NodeJS.ProcessEnv, render: (state: AppState) => string): Promise<number> {
  const trace = debugTrace(opts, env, newSessionId());
  const listExtras = opts.mode !== 'list-tools';
  const app = await buildApp(opts, env, {interactive: false, rawTrace: trace?.rawTrace, listExtras, loginPrompt: terminalPrompt({stderr: process.stderr, stdin: process.stdin, env})}).catch((err) => {
    trace?.close();
    throw err;
  });
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => app.hub.close());
  try {
    await app.driver.start();
    if (listExtras) await app.hub.inspect.settled();
    process.stdout.write(render(app.store.getState()) + '\n');
    return 0;
  } finally {
    await app.hub.close();
    trace?.close();
    release();
  }
}

async function print(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  // Throws SessionError (exit 2) when the session to resume does not exist.
  const session = prepareSession({
    resume: opts.resume,
    env,
    cwd: process.cwd(),
    configPath: resolve(opts.config),
    onError: (err) => process.stderr.write(`• warning: this session is no longer being saved: ${err.message}\n`),
  });
  for (const warning of session.warnings) process.stderr.write(`• warning: session ${session.resumed!.meta.id}: ${warning}\n`);
  const trace = debugTrace(opts, env, session.recorder.id);
  const app = await buildApp(opts, env, {
    recorder: session.recorder,
    history: session.history,
    rawTrace: trace?.rawTrace,
    interactive: false,
    loginPrompt: terminalPrompt({stderr: process.stderr, stdin: process.stdin, env}),
    // `--print --json` reports each call's whole text.
    limits: {previewChars: Infinity},
  }).catch((err) => {
    trace?.close();
    throw err;
  });
  const converted = continueWith(session, app.model);
  if (!opts.json) {
    app.driver.observe((event, state) => {
      const line = progressLine(event, state);
      if (line) process.stderr.write(line + '\n');
    });
  }
  // SIGINT cancels the turn (see runPrint); these end the run.
  const release = exitCleanlyOn(['SIGTERM', 'SIGHUP'], () => app.driver.shutdown());
  const releaseStartup = exitCleanlyOn(['SIGINT'], () => app.driver.shutdown());
  try {
    await app.driver.start();
    releaseStartup();
    if (app.model.offline && !opts.json && !opts.script) process.stderr.write(`• model: ${app.model.label} (no ANTHROPIC_API_KEY or OPENAI_API_KEY)\n`);
    if (session.resumed && !opts.json) {
      const {meta, turns} = session.resumed;
      process.stderr.write(`• resumed session ${meta.id} (${turns} earlier turn${turns === 1 ? '' : 's'})\n`);
      if (converted) process.stderr.write(`• ${converted}\n`);
    }
    return await runPrint(app.driver, opts.question!, opts.json, process.stdout, process.stderr, opts.format);
  } finally {
    await app.driver.shutdown();
    session.recorder.close();
    trace?.close();
    release();
  }
}

/** `--debug`: opens the raw JSON-RPC trace file and says where it is. */
function debugTrace(opts: CliOptions, env: NodeJS.ProcessEnv, session: string): TraceFile | undefined {
  if (!opts.debug) return undefined;
  const trace = openTraceFile({env, session});
  process.stderr.write(`• debug trace: ${trace.path}\n`);
  return trace;
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
