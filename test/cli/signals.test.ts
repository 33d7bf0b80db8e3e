// The run's one signal path (src/cli/signals.ts), in a process of its own: the
// script registers cleanups, raises the signal at itself, and prints what ran.
import {spawn} from 'node:child_process';
import {resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/servers.js';

const SIGNALS = pathToFileURL(resolve(ROOT, 'dist/cli/signals.js')).href;

/** Runs `body` as a module with `exitCleanlyOn` in scope; resolves with its stdout and exit code. */
function runScript(body: string): Promise<{code: number | null; stdout: string}> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', `const {exitCleanlyOn} = await import(${JSON.stringify(SIGNALS)});\n${body}`], {stdio: ['ignore', 'pipe', 'inherit']});
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
});
