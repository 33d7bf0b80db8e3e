// The per-process tag every server carries (src/transport/descendants.ts):
// random hex, read without node:crypto so that the spawn stage of the list
// modes and the TUI does not load it (test/cli/startup.test.ts checks that);
// and the search for processes carrying it, narrowed to those started after
// the server.
import {existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {forkCount, INSTANCE_TAG, randomHex, scanTagged, SERVER_TAG_VAR, type SpawnMark} from '../../src/transport/descendants.js';
import {allocatedDuringAsync} from '../helpers/allocated.js';

describe('randomHex', () => {
  it('gives the number of bytes asked for, as hex, different each time', () => {
    const seen = new Set(Array.from({length: 50}, () => randomHex(8)));
    for (const h of seen) expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(seen.size).toBe(50);
    expect(INSTANCE_TAG).toMatch(/^[0-9a-f]{16}$/);
  });

  it('falls back to the Web Crypto global where the device cannot be read', () => {
    const a = randomHex(8, '/nonexistent/urandom');
    const b = randomHex(8, '/nonexistent/urandom');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
  });

  it('falls back as well when the device runs dry', () => {
    // /dev/null is at its end at once: no bytes, so the fallback answers.
    expect(randomHex(4, '/dev/null')).toMatch(/^[0-9a-f]{8}$/);
  });
});

/**
 * A stand-in for /proc: a process per pid, each carrying tag `<instance>.1`
 * in its environ, and the counters the search reads.
 */
function fakeProc(pids: number[], counters: {lastPid?: number; pidMax?: number; forks?: number; self?: number}): string {
  const dir = mkdtempSync(join(tmpdir(), 'bb-proc-'));
  // /proc/self names the reader in the numbering of that /proc.
  symlinkSync(String(counters.self ?? process.pid), join(dir, 'self'));
  for (const pid of pids) {
    mkdirSync(join(dir, String(pid)));
    writeFileSync(join(dir, String(pid), 'environ'), `PATH=/bin\0${SERVER_TAG_VAR}=${INSTANCE_TAG}.1\0`);
  }
  mkdirSync(join(dir, 'sys/kernel'), {recursive: true});
  if (counters.lastPid !== undefined) writeFileSync(join(dir, 'sys/kernel/ns_last_pid'), `${counters.lastPid}\n`);
  writeFileSync(join(dir, 'sys/kernel/pid_max'), `${counters.pidMax ?? 32768}\n`);
  if (counters.forks !== undefined) writeFileSync(join(dir, 'stat'), `cpu  1 2 3\nintr 5 6\nctxt 9\nbtime 1\nprocesses ${counters.forks}\nprocs_running 1\n`);
  return dir;
}

const taggedPids = async (dir: string, since?: SpawnMark) => ((await scanTagged(since, dir)).get(`${INSTANCE_TAG}.1`) ?? []).sort((a, b) => a - b);

describe('the search for strays reads only processes started after the server', () => {
  it('reads the pids from the server\'s up to the last one handed out', async () => {
    const dir = fakeProc([40, 100, 150, 200, 250], {lastPid: 220, forks: 1_010});
    expect(await taggedPids(dir, {pid: 150, forks: 1_000})).toEqual([150, 200]);
  });

  it('after the counter wrapped: from the server\'s pid up, and from the bottom to the last one', async () => {
    const dir = fakeProc([40, 100, 150, 200, 30_000, 32_000], {lastPid: 120, forks: 1_500});
    expect(await taggedPids(dir, {pid: 30_000, forks: 1_000})).toEqual([40, 100, 30_000, 32_000]);
  });

  it('reads every process when the counter may have gone all the way round', async () => {
    // Half a round of forks (pid_max 32,768): the cursor may have passed the server's pid again.
    const dir = fakeProc([40, 100, 150, 200], {lastPid: 180, forks: 1_000 + 16_300});
    expect(await taggedPids(dir, {pid: 150, forks: 1_000})).toEqual([40, 100, 150, 200]);
  });

  it('reads every process when the counters cannot be read, or no spawn is known', async () => {
    expect(await taggedPids(fakeProc([40, 150], {forks: 1_010}), {pid: 150, forks: 1_000})).toEqual([40, 150]);
    expect(await taggedPids(fakeProc([40, 150], {lastPid: 180}), {pid: 150, forks: 1_000})).toEqual([40, 150]);
    expect(await taggedPids(fakeProc([40, 150], {lastPid: 180, forks: 1_010}))).toEqual([40, 150]);
  });

  it('reads every process when /proc numbers processes in another pid namespace than ours', async () => {
    const dir = fakeProc([40, 100, 150, 200], {lastPid: 220, forks: 1_010, self: process.pid + 1});
    expect(await taggedPids(dir, {pid: 150, forks: 1_000})).toEqual([40, 100, 150, 200]);
  });

  it('reads the fork count a spawn is marked with from /proc/stat', () => {
    expect(forkCount(fakeProc([], {forks: 1_234}))).toBe(1_234);
    // A /proc/stat larger than the reading buffer (a machine with thousands of interrupt lines).
    const big = fakeProc([], {});
    writeFileSync(join(big, 'stat'), `cpu  1 2 3\nintr ${'7 '.repeat(40_000)}\nctxt 9\nprocesses 4321\nprocs_running 1\n`);
    expect(forkCount(big)).toBe(4_321);
    expect(forkCount('/nonexistent/proc')).toBeUndefined();
    // Where this runs on Linux, the machine's own count.
    if (existsSync('/proc/stat')) expect(forkCount()).toBeGreaterThan(0);
  });
});

describe('a pass at a server\'s exit, counted (#17)', () => {
  it('costs the listing and the window\'s processes, not a promise per process on the machine', async () => {
    // 2,000 processes, one of them in the window: a busy machine's /proc at a quick server's exit.
    const pids = Array.from({length: 2_000}, (_, i) => 1_000 + i);
    const dir = fakeProc(pids, {lastPid: 2_999, forks: 1_010});
    const since = {pid: 2_999, forks: 1_000};
    expect(await taggedPids(dir, since)).toEqual([2_999]); // warm
    let least = Infinity;
    for (let rep = 0; rep < 5; rep++) least = Math.min(least, await allocatedDuringAsync(() => scanTagged(since, dir)));
    // ~70 KB counted here, most of it the listing's 2,000 names. A promise
    // and an async frame for every entry, in the window or not, and a RegExp
    // per entry (a literal inside the loop) were 1.1 MB.
    expect(least).toBeLessThan(300_000);
  });
});
