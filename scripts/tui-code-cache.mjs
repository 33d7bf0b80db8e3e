// The TUI's code cache (bin/load-scripts.cjs), made by one real TUI run at
// build time, as the list's is by a list run (./mode-scripts.mjs). A TUI needs
// a terminal: script(1) gives it a pseudo-terminal, as the benches and the
// TUI tests do (util-linux; Debian has it in every install). The run goes
// until the app's own first frame is on screen, then types /quit, so the
// cache holds what a start compiles up to that frame and what the quit does.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** Ink's first output clears the screen in the write that replaces our first frame (src/cli/tui.ts, replaceFirstFrame). */
const APP_FRAME = '\u001b[H\u001b[J';

/**
 * Runs `node bin/breakerbox.cjs` in `root` (its bundled config and servers)
 * in a pseudo-terminal, with a fresh state directory and BB_WRITE_CODE_CACHE
 * set. Resolves once the process has ended; a run that fails or takes longer
 * than `timeoutMs` leaves no cache, or one of only what it compiled (a script
 * compiles what its cache lacks, only slower): the build says so and goes on.
 */
export async function writeTuiCodeCache(root, timeoutMs = 60_000) {
  const state = mkdtempSync(join(tmpdir(), 'bb-code-cache-'));
  const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const env = ['env', '-i', `PATH=${q(process.env.PATH ?? '')}`, `HOME=${q(state)}`, `XDG_STATE_HOME=${q(state)}`, 'TERM=xterm-256color', 'NO_COLOR=1', 'BB_WRITE_CODE_CACHE=1'];
  const command = `stty cols 120 rows 40; exec ${env.join(' ')} ${q(process.execPath)} bin/breakerbox.cjs`;
  try {
    const failure = await new Promise((resolve) => {
      let out = '';
      let frameAt = -1;
      let typed = false;
      const child = spawn('script', ['-qfec', command, '/dev/null'], {cwd: root, env: {PATH: process.env.PATH, SHELL: '/bin/sh'}, stdio: ['pipe', 'pipe', 'pipe']});
      // A process gone before its keys: the exit says what happened.
      child.stdin.on('error', () => {});
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(`no app frame and exit within ${timeoutMs} ms`);
      }, timeoutMs);
      child.stdout.on('data', (d) => {
        out += d.toString('utf8');
        if (frameAt < 0 && out.includes(APP_FRAME)) {
          frameAt = out.indexOf(APP_FRAME);
          child.stdin.write('/quit');
        }
        // Enter once the input line shows the command: sent with it, a terminal may hand both over as one paste.
        if (frameAt >= 0 && !typed && out.slice(frameAt).includes('/quit')) {
          typed = true;
          child.stdin.write('\r');
        }
      });
      child.on('error', (err) => {
        clearTimeout(timer);
        resolve(err.message);
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code === 0 && typed ? undefined : `exit ${code}${typed ? '' : ' before the app frame'}\n${out.replace(/\u001b\[[\d;?]*[A-Za-z]/g, '').slice(-1500)}`);
      });
    });
    if (failure) console.warn(`bundle: the TUI run for its code cache failed (${failure}); the TUI's code cache is missing or partial`);
  } finally {
    rmSync(state, {recursive: true, force: true});
  }
}
