// The run's one signal path (src/cli/signals.ts), in a process of its own: the
// script registers cleanups, raises the signal at itself, and prints what ran.
import {spawn} from 'node:child_process';
import {resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/servers.js';

const SIGNALS = pathToFileURL(resolve(ROOT, 'dist/cli/signals.js')).href;

/** Runs `body` as a module with `exitCleanlyOn` and `handSignalsTo` in scope; resolves with its stdout and exit code. */
function runScript(body: string): Promise<{code: number | null; stdout: string}> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', `const {exitCleanlyOn, handSignalsTo} = await import(${JSON.stringify(SIGNALS)});\n${body}`], {stdio: ['ignore', 'pipe', 'inherit']});
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
  return new Promise((r) => child.once('close', (code) => r({code, stdout})));
}

describe('exitCleanlyOn', () => {
  it('runs every cleanup registered for the signal, the latest first, each awaited, then exits 128+n', async () => {
    const {code, stdout} = await runScript(`
      const log = (s) => process.stdout.write(s + '\\n');
      exitCleanlyOn(['SIGINT', 'SIGTERM'], () => log('early children'));
      exitCleanlyOn(['SIGTERM'], () => log('not for SIGTERM… wrong signal'));
      const off = exitCleanlyOn(['SIGINT'], () => log('released: never runs'));
      exitCleanlyOn(['SIGINT'], async () => { await new Promise((r) => setImmediate(r)); log('hub'); throw new Error('a failing cleanup'); });
      off();
      process.kill(process.pid, 'SIGINT');
      setInterval(() => {}, 1000);
    `);
    expect(stdout).toBe('hub\nearly children\n');
    expect(code).toBe(130);
  });

  it('loses no signal when a cleanup is added on top and the earlier one released after it', async () => {
    // The signal is caught before the hand-over and dispatched after it.
    const {code, stdout} = await runScript(`
      const first = exitCleanlyOn(['SIGHUP'], () => process.stdout.write('first\\n'));
      process.kill(process.pid, 'SIGHUP');
      exitCleanlyOn(['SIGHUP'], () => process.stdout.write('second\\n'));
      first();
      setInterval(() => {}, 1000);
    `);
    expect(stdout).toBe('second\n');
    expect(code).toBe(129);
  });

  it('a handed-over signal goes to its handler alone, and the run ends by returning; released, the cleanups take it back', async () => {
    const {code, stdout} = await runScript(`
      const log = (s) => process.stdout.write(s + '\\n');
      exitCleanlyOn(['SIGTERM'], () => log('cleanup'));
      const keepAlive = setInterval(() => {}, 1000);
      let release;
      release = handSignalsTo(['SIGTERM'], (signal) => {
        log('handler ' + signal);
        release();
        // Back with the cleanup: this one ends the run with 143.
        setImmediate(() => process.kill(process.pid, 'SIGTERM'));
      });
      process.kill(process.pid, 'SIGTERM');
    `);
    expect(stdout).toBe('handler SIGTERM\ncleanup\n');
    expect(code).toBe(143);
  });

  it('a handler alone does not exit: the process ends when its work does, with its own code', async () => {
    const {code, stdout} = await runScript(`
      const keepAlive = setInterval(() => {}, 1000);
      handSignalsTo(['SIGHUP'], (signal) => {
        process.stdout.write('quitting on ' + signal + '\\n');
        setImmediate(() => { clearInterval(keepAlive); process.exitCode = 7; });
      });
      process.kill(process.pid, 'SIGHUP');
    `);
    expect(stdout).toBe('quitting on SIGHUP\n');
    expect(code).toBe(7);
  });
});
