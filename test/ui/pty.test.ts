import {afterEach, describe, expect, it} from 'vitest';
// dist/ is built once by test/global-setup.ts; building again here would race other workers.
import {waitFor} from '../helpers/wait.js';
import {ROOT} from '../helpers/ui.js';
import {alive, descendants, openPty, PTY_KIND, type Pty} from './pty.js';

const SERVERS = /servers\/(notes|tickets)\.mjs/;
let pty: Pty | undefined;

describe.skipIf(PTY_KIND === null)(`the built CLI in a real terminal (${PTY_KIND ?? 'skipped: neither tmux nor script(1) is installed'})`, () => {
  afterEach(() => pty?.close());

  it('opens full screen at 120×40, starts both servers, and /quit closes them all', async () => {
    pty = openPty('node bin/breakerbox.cjs', ROOT, 120, 40);
    const p = pty;
    await waitFor(() => ['Conversation', 'Tools', 'Servers'].every((t) => p.screen().includes(t)), 'the three pane titles', 30_000);
    await waitFor(() => p.screen().includes('2/2 online'), 'both servers online', 30_000);
    // The first frame says so too (the servers settle before Ink loads): wait for the app's own status line.
    await waitFor(() => p.screen().includes('offline scripted model'), "the app's status line", 30_000);
    const servers = await waitFor(() => {
      const pids = descendants(p.rootPid()!, SERVERS);
      return pids.length === 2 ? pids : undefined;
    }, 'two server processes');

    await p.type('/quit');
    p.enter();
    await waitFor(() => p.exitCode() !== null, 'the process to exit', 30_000);
    expect(p.exitCode()).toBe(0);
    expect(servers.filter(alive)).toEqual([]);
    expect(descendants(p.rootPid()!, SERVERS)).toEqual([]);
    // The alternate screen was left: the UI is gone from the terminal.
    if (p.kind === 'tmux') expect(p.screen()).not.toContain('Conversation');
  }, 90_000);

  it('a SIGTERM from outside closes every server and exits 143, as the other modes do', async () => {
    pty = openPty('node bin/breakerbox.cjs', ROOT, 120, 40);
    const p = pty;
    await waitFor(() => p.screen().includes('offline scripted model'), "the app's status line", 30_000);
    const servers = await waitFor(() => {
      const pids = descendants(p.rootPid()!, SERVERS);
      return pids.length === 2 ? pids : undefined;
    }, 'two server processes');
    // The node process itself, not the shell around it (whose command line names the bin too).
    const [app] = descendants(p.rootPid()!, /^\S*node \S*bin\/breakerbox\.cjs/);
    expect(app, 'the breakerbox process').toBeDefined();
    process.kill(app!, 'SIGTERM');
    await waitFor(() => p.exitCode() !== null, 'the process to exit', 30_000);
    expect(p.exitCode()).toBe(143);
    expect(servers.filter(alive)).toEqual([]);
  }, 90_000);
});

