// Signs of life read from the process table (Linux /proc).
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {packageManagerOf, sampleGroup} from '../../src/hub/life-signs.js';
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
});
