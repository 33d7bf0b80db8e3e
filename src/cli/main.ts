import {readFileSync} from 'node:fs';
import {resolve} from 'node:path';
import {ConfigError} from '../config/index.js';
import {openTraceFile, type TraceFile} from '../debug/trace-file.js';
import {continueWith, newSessionId, prepareSession, SessionError} from '../sessions/index.js';
import {HELP, parseCli, UsageError, type CliOptions} from './args.js';
import {buildApp} from './app.js';
import {listToolsJson, listToolsText} from './list-tools.js';
import {listPromptsJson, listPromptsText, listResourcesJson, listResourcesText} from './list-extras.js';
import type {Hub} from '../hub/hub.js';
import {progressLine, runPrint} from './print.js';
import {selfCheckCommand} from './self-check.js';
import {runSessions} from './sessions.js';
import {exitCleanlyOn} from './signals.js';
import {processIo, SUBCOMMANDS} from './commands/index.js';

/** Runs the command line; resolves to the exit code. Never leaves a server running. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const sub = argv[0] !== undefined && Object.hasOwn(SUBCOMMANDS, argv[0]) ? SUBCOMMANDS[argv[0]] : undefined;
  if (sub) return (await sub())(argv.slice(1), processIo(env));
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
async function listTools(opts: CliOptions, env: NodeJS.ProcessEnv, render: (hub: Hub) => string): Promise<number> {
  const trace = debugTrace(opts, env, newSessionId());
  const listExtras = opts.mode !== 'list-tools';
  const app = await buildApp(opts, env, {interactive: false, rawTrace: trace?.rawTrace, listExtras}).catch((err) => {
    trace?.close();
    throw err;
  });
  const release = exitCleanlyOn(['SIGINT', 'SIGTERM', 'SIGHUP'], () => app.hub.close());
  try {
    await app.hub.start();
    if (listExtras) await app.hub.inspect.settled();
    process.stdout.write(render(app.hub) + '\n');
    return 0;
  } finally {
    await app.hub.close();
    trace?.close();
    release();
  }
}

async function print(opts: CliOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const names = new Map<string, string>();
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
    observe: opts.json
      ? undefined
      : (event) => {
          const line = progressLine(event, names);
          if (line) process.stderr.write(line + '\n');
        },
  }).catch((err) => {
    trace?.close();
    throw err;
  });
  const converted = continueWith(session, app.model);
  // SIGINT cancels the turn (see runPrint); these end the run.
  const release = exitCleanlyOn(['SIGTERM', 'SIGHUP'], () => app.controller.shutdown());
  const releaseStartup = exitCleanlyOn(['SIGINT'], () => app.controller.shutdown());
  try {
    await app.hub.start();
    releaseStartup();
    if (app.model.offline && !opts.json && !opts.script) process.stderr.write(`• model: ${app.model.label} (no ANTHROPIC_API_KEY or OPENAI_API_KEY)\n`);
    if (session.resumed && !opts.json) {
      const {meta, turns} = session.resumed;
      process.stderr.write(`• resumed session ${meta.id} (${turns} earlier turn${turns === 1 ? '' : 's'})\n`);
      if (converted) process.stderr.write(`• ${converted}\n`);
    }
    return await runPrint(app.controller, opts.question!, opts.json, process.stdout);
  } finally {
    await app.controller.shutdown();
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
