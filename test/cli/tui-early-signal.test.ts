// The TUI spawns its servers right after the first frame, before the app (and
// its own signal handlers) has loaded. A signal in that window ends the run
// cleanly: the early children are killed by the run itself, not left to the
// reaper (which would end them only after we are gone, SIGTERM first), and the
// exit code says which signal.
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {alive} from '../helpers/processes.js';
import {ROOT} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';
import {openPty, PTY_KIND} from '../ui/pty.js';

const FIXTURE = join(ROOT, 'test/fixtures/tui-raise-after-spawn.mjs');

/** A server that never answers, notes a SIGTERM in the file named by its first argument, and says it is ready in the folder named by its second. */
const SILENT = `const fs = require('fs'); process.on('SIGTERM', () => fs.appendFileSync(process.argv[1], 'SIGTERM\\n')); fs.writeFileSync(process.argv[2] + '/' + process.pid, ''); setInterval(() => {}, 1e6);`;

describe.skipIf(PTY_KIND === null)('a signal while the TUI is still loading', () => {
  it.each([['SIGTERM', 143], ['SIGHUP', 129]] as const)('%s right after the servers spawn: the run ends them itself and exits %i', async (signal, code) => {
    const dir = mkdtempSync(join(tmpdir(), 'bb-tui-signal-'));
    const marker = join(dir, 'sigterm');
    const ready = mkdtempSync(join(dir, 'ready-'));
    const server = {command: process.execPath, args: ['-e', SILENT, marker, ready]};
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {one: server, two: server}}));
    const pidsFile = join(dir, 'pids');
    const env = `NODE_OPTIONS=--import=${FIXTURE} BB_RAISE=${signal} BB_RAISE_AFTER=2 BB_READY_DIR=${ready} BB_PIDS_FILE=${pidsFile} XDG_STATE_HOME=${dir}`;
    const pty = openPty(`${env} node bin/breakerbox.cjs --config ${config}`, ROOT, 120, 40);
    try {
      await waitFor(() => pty.exitCode() !== null, 'the run to end', 60_000);
      expect(pty.exitCode()).toBe(code);
      const pids = readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number);
      expect(pids).toHaveLength(2);
      await waitFor(() => pids.every((pid) => !alive(pid)), 'both servers to be gone', 10_000);
      // Killed outright by the run's cleanup; the reaper would have sent SIGTERM first.
      expect(existsSync(marker)).toBe(false);
    } finally {
      pty.close();
    }
  }, 90_000);
});
