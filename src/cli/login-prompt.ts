// Logins without the TUI: the URL on stderr, the browser when asked for
// (BROWSER set, or `breakerbox login`), and a pasted redirect URL on a
// terminal's stdin for browsers that cannot reach this machine's loopback.
import {openUrl} from '../auth/browser.js';
import type {LoginPrompt, LoginRequest} from '../auth/prompt.js';
import {stripControlLine} from '../util/sanitize.js';

/** Where the prompt writes and reads. */
export interface TerminalPromptIo {
  stderr: {write(text: string): unknown; isTTY?: boolean};
  /**
   * Read for a pasted redirect URL only when it is a terminal. May be a getter:
   * it is first read when a login is asked for (opening process.stdin costs
   * ~6 ms of CPU, which a run that needs no login should not pay).
   */
  stdin?: NodeJS.ReadableStream & {isTTY?: boolean};
  env: NodeJS.ProcessEnv;
  /** `login`: open the platform browser even without BROWSER. */
  alwaysOpen?: boolean;
}

const WHY: Record<LoginRequest['reason'], string> = {
  first: 'needs you to log in',
  expired: 'needs you to log in again (the saved login has expired)',
  'step-up': 'needs more permissions',
  requested: 'login',
};

/** `terminalPrompt` on this process's stderr and stdin; stdin is opened only if a login asks (see TerminalPromptIo). */
export function processTerminalPrompt(env: NodeJS.ProcessEnv): LoginPrompt {
  return terminalPrompt({
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    env,
  });
}

/** A prompt for --print and `breakerbox login`. */
export function terminalPrompt(io: TerminalPromptIo): LoginPrompt {
  return {
    // Someone must be able to finish it: a browser command, or a person at a terminal.
    canAsk: () => Boolean(io.alwaysOpen || io.env.BROWSER || io.stdin?.isTTY || io.stderr.isTTY),
    show(request) {
      const scopes = request.scopes?.length ? ` (scopes: ${request.scopes.join(' ')})` : '';
      const paste = io.stdin?.isTTY ? '; if the browser runs on another machine, paste the address it ends on here and press Enter' : '';
      io.stderr.write(`• ${request.alias}: ${WHY[request.reason]} at ${stripControlLine(request.issuer)}${scopes}\n  open: ${stripControlLine(request.url)}\n  waiting for the browser to come back to ${request.redirectUri}${paste}\n`);
      if (io.alwaysOpen || io.env.BROWSER) {
        openUrl(request.url, io.env).then(
          ({command, failed}) => {
            io.stderr.write(`• opened the browser (${command})\n`);
            // A command that started and then failed opened nothing: said so, the wait goes on.
            void failed.then((why) => io.stderr.write(`• the browser command ${command} failed (${why}); open the address above yourself\n`));
          },
          (err: Error) => io.stderr.write(`• ${err.message}\n`),
        );
      }
      if (io.stdin?.isTTY) readPasted(io.stdin, io.stderr, request);
    },
  };
}

function readPasted(stdin: NodeJS.ReadableStream, stderr: {write(text: string): unknown}, request: LoginRequest): void {
  // Loaded here, not imported: every list and --print run makes this prompt, and
  // only a login at a terminal reads from it (node:readline cost ~1 ms of CPU at each start, BENCHMARKS.md §14).
  const {createInterface} = process.getBuiltinModule('node:readline');
  const lines = createInterface({input: stdin, terminal: false});
  lines.on('line', (line) => {
    if (!line.trim()) return;
    request.paste(line).then(
      () => {},
      (err: Error) => stderr.write(`• ${err.message}\n`),
    );
  });
  request.signal.addEventListener('abort', () => lines.close(), {once: true});
}
