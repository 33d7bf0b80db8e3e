// Signs of life read from the process table (Linux /proc).
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {GroupSampler, packageManagerOf, processCpuMs, sampleGroup} from '../../src/hub/life-signs.js';
import {waitFor} from '../helpers/wait.js';

describe('packageManagerOf', () => {
  it.each([
    ['npm exec @modelcontextprotocol/server-memory\0', 'npm'],
    ['/usr/bin/node\0/usr/lib/node_modules/npm/bin/npx-cli.js\0-y\0x\0', 'npx'],
    ['/home/u/.local/bin/uvx\0mcp-server-fetch\0', 'uvx'],
    ['/usr/bin/node\0/srv/server.js\0', undefined],
    ['', undefined],
  ])('%j → %s', (cmdline, name) => {
    expect(packageManagerOf(cmdline)).toBe(name);
  });
});

describe.runIf(existsSync('/proc/self/stat'))('sampleGroup', () => {
  it('sums the CPU of a process group and names the package manager in it', async () => {
    // A busy "npm" in its own group, as the stdio transport spawns servers.
    const child = spawn(process.execPath, ['-e', 'for(;;){}'], {argv0: 'npm', detached: true, stdio: 'ignore'});
    try {
      const first = await waitFor(() => sampleGroup(child.pid!), 'the group in /proc');
      expect(first.packageManager).toBe('npm');
      await waitFor(() => sampleGroup(child.pid!)!.cpuMs > first.cpuMs, 'CPU time to grow');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('is undefined for a group that does not exist', () => {
    expect(sampleGroup(2 ** 22 + 12345)).toBeUndefined();
  });

  it('reads one process\'s own CPU from its stat file alone', async () => {
    const child = spawn(process.execPath, ['-e', 'for(;;){}'], {detached: true, stdio: 'ignore'});
    try {
      const first = await waitFor(() => processCpuMs(child.pid!), 'the process in /proc');
      await waitFor(() => processCpuMs(child.pid!)! >= first + 20, 'its CPU time to grow');
    } finally {
      child.kill('SIGKILL');
    }
    expect(processCpuMs(2 ** 22 + 12345)).toBeUndefined();
  });
});

describe('GroupSampler', () => {
  // A fake /proc: pid → [pgid, utime ticks, cmdline].
  function fakeProc(processes: Record<string, [number, number, string]>): string {
    const dir = mkdtempSync(join(tmpdir(), 'bb-proc-'));
    writeProc(dir, processes);
    return dir;
  }
  function writeProc(dir: string, processes: Record<string, [number, number, string]>): void {
    for (const [pid, [pgid, utime, cmdline]] of Object.entries(processes)) {
      mkdirSync(join(dir, pid), {recursive: true});
      // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime
      writeFileSync(join(dir, pid, 'stat'), `${pid} (a b) c) S 1 ${pgid} ${pgid} 0 -1 0 0 0 0 0 ${utime} 0 0 0 20 0 1 0\n`);
      writeFileSync(join(dir, pid, 'cmdline'), cmdline);
    }
  }

  it('answers every group asked about within maxAgeMs from one scan of /proc', () => {
    const dir = fakeProc({'100': [100, 5, 'npm exec x\0'], '101': [100, 3, 'node\0s.js\0'], '200': [200, 7, 'node\0t.js\0']});
    try {
      let now = 0;
      const sampler = new GroupSampler(dir, 100, () => now);
      expect(sampler.sample(100)).toEqual({cpuMs: 80, packageManager: 'npm'});
      // The processes move on; a look 50 ms later (another server's watch) reads the same scan.
      writeProc(dir, {'100': [100, 50, 'npm exec x\0'], '200': [200, 70, 'node\0t.js\0']});
      now = 50;
      expect(sampler.sample(200)).toEqual({cpuMs: 70});
      expect(sampler.sample(100)).toEqual({cpuMs: 80, packageManager: 'npm'});
      expect(sampler.sample(300)).toBeUndefined();
      // Unless a fresh one is asked for (the watch, before it gives a start up).
      expect(sampler.sample(200, true)).toEqual({cpuMs: 700});
      writeProc(dir, {'200': [200, 70, 'node\0t.js\0']});
      // Past maxAgeMs the next look scans again.
      now = 251;
      expect(sampler.sample(100)).toEqual({cpuMs: 530, packageManager: 'npm'});
      expect(sampler.sample(200)).toEqual({cpuMs: 700});
      // The uncached sampleGroup gives what the scan gives.
      expect(sampleGroup(100, dir)).toEqual({cpuMs: 530, packageManager: 'npm'});
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  it('is undefined where there is no /proc', () => {
    expect(new GroupSampler('/nonexistent-proc').sample(1)).toBeUndefined();
  });
});
