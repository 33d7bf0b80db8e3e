// The reaper script's `=` line: breakerbox has ended every server and swept
// what each left outside its group, so at EOF there is nothing to search /proc
// for. Whether it searched is seen through a `grep` first on its PATH that
// notes each run and then runs the real one; the search is the only `grep`
// the script runs, and it runs before the script exits.
import {spawn, type ChildProcess} from 'node:child_process';
import {chmodSync, existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, it} from 'vitest';
import {randomHex} from '../../src/transport/descendants.js';
import {REAPER_NAME, REAPER_SCRIPT} from '../../src/transport/reaper-script.js';
import {tempDir} from '../helpers/hub.js';

/** A directory holding a `grep` that appends a line to `runs` and hands over to the real grep. */
function spyingGrep(): {path: string; runs: () => number} {
  const dir = tempDir('bb-reaper-grep-');
  const log = join(dir, 'runs');
  const real = process.env.PATH ?? '';
  writeFileSync(join(dir, 'grep'), `#!/bin/sh\necho run >> '${log}'\nPATH='${real}' exec grep "$@"\n`);
  chmodSync(join(dir, 'grep'), 0o755);
  return {path: `${dir}:${real}`, runs: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0)};
}

/** Runs the reaper for a fresh instance tag, writes `lines` and ends its stdin; resolves with its exit code. */
function reap(lines: string, path: string): Promise<number | null> {
  const reaper = spawn('/bin/sh', ['-c', REAPER_SCRIPT, REAPER_NAME, randomHex(8)], {stdio: ['pipe', 'ignore', 'ignore'], env: {PATH: path, BREAKERBOX_REAPER_GRACE_MS: '200'}});
  const exited = new Promise<number | null>((r) => reaper.once('exit', (code) => r(code)));
  reaper.stdin!.end(lines);
  return exited;
}

/** A process in a group of its own that exits on SIGTERM; `gone` resolves when it has. */
function server(): {child: ChildProcess; gone: Promise<void>} {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], {detached: true, stdio: 'ignore'});
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  return {child, gone};
}

describe.concurrent('the reaper told that every server was swept', () => {
  it('ends without searching /proc when no recorded group is left', async ({expect}) => {
    const grep = spyingGrep();
    expect(await reap('+4242\n-4242\n=\n', grep.path)).toBe(0);
    expect(grep.runs()).toBe(0);
  });

  it('still searches without the line (the control: the spy sees the search)', async ({expect}) => {
    const grep = spyingGrep();
    expect(await reap('+4242\n-4242\n', grep.path)).toBe(0);
    expect(grep.runs()).toBeGreaterThan(0);
  });

  it('searches again once a server starts after the line', async ({expect}) => {
    const grep = spyingGrep();
    expect(await reap('=\n+4242\n-4242\n', grep.path)).toBe(0);
    expect(grep.runs()).toBeGreaterThan(0);
  });

  it('ends a recorded group still running, and then searches as before', async ({expect, onTestFinished}) => {
    const grep = spyingGrep();
    const {child, gone} = server();
    onTestFinished(() => void child.kill('SIGKILL'));
    // Swept, but its group had not closed yet when we died (a server deaf on stdout, still being ended).
    expect(await reap(`+${child.pid}\n=\n`, grep.path)).toBe(0);
    await gone;
    expect(grep.runs()).toBeGreaterThan(0);
  });
});
