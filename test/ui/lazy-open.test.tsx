// Opening a lazy server that is not started starts it (issue #18): Enter on
// its row in the Servers pane, or /server NAME. The row says "not started
// (cached, N tools)" before and how long the start took after; the process
// count (each start appends its pid to a file) proves the start, not the row.
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import {App} from '../../src/ui/app/app.js';
import {createTheme} from '../../src/ui/theme.js';
import {cliOptions, keyGap, ROOT, testEnv, typeLine, waitForFrame} from '../helpers/ui.js';

let built: BuiltApp | undefined;
afterEach(async () => {
  cleanup();
  await built?.driver.shutdown();
  built = undefined;
});

/** A state dir whose record holds the tickets server's catalog (one eager start), and the config, lazy. */
async function warmLazyConfig() {
  const dir = mkdtempSync(join(tmpdir(), 'bb-lazy-open-'));
  const spawns = join(dir, 'spawns');
  const config = join(dir, 'mcp.config.json');
  const server = {command: process.execPath, args: [join(ROOT, 'test/fixtures/counted-tickets.mjs')], env: {BB_SPAWN_FILE: spawns}};
  writeFileSync(config, JSON.stringify({mcpServers: {tickets: server}}));
  const env = testEnv();
  const warm = await buildApp(cliOptions({config}), env, {interactive: false});
  await warm.driver.start();
  expect(warm.store.getState().servers.byAlias.tickets!.state).toBe('online');
  await warm.driver.shutdown();
  writeFileSync(spawns, '');
  return {config, env, spawned: () => (existsSync(spawns) ? readFileSync(spawns, 'utf8').split('\n').filter(Boolean).length : 0)};
}

async function startLazy() {
  const {config, env, spawned} = await warmLazyConfig();
  built = await buildApp(cliOptions({config, lazy: true}), env, {interactive: true, columns: 120, rows: 40});
  const ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => {}} />);
  await built.driver.start();
  const frame = (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what);
  // The row is two or three lines, by the pane's width.
  const before = await frame((f) => /tickets +not started\s[\s│]*\(cached, 4 tools\)/.test(f), 'the lazy row');
  return {app: built, ui, frame, spawned, before};
}

describe('a lazy server opened in the Servers pane', {timeout: 120_000}, () => {
  it('Enter on its row starts it: the row says not started before, and the time of the start after', async () => {
    const {app, ui, frame, spawned, before} = await startLazy();
    expect(before).toContain('starts on first use');
    expect(spawned()).toBe(0);
    expect(app.store.getState().servers.byAlias.tickets!.state).toBe('idle');

    for (let i = 0; i < 5 && app.store.getState().ui.focus !== 'servers'; i++) {
      ui.stdin.write('\t');
      await keyGap();
    }
    await frame(() => app.store.getState().ui.focus === 'servers', 'the Servers pane focused');
    // Focus alone starts nothing.
    expect(spawned()).toBe(0);
    ui.stdin.write('\r');
    const after = await frame((f) => /tickets +online/.test(f) && /found in \d/.test(f), 'the server online, with the time of its start');
    expect(after).toMatch(/tickets started in \d+ ms/);
    expect(spawned()).toBe(1);
    expect(app.store.getState().servers.byAlias.tickets).toMatchObject({state: 'online', toolCount: 4});
  });

  it('/server NAME starts it too; opening it again starts nothing more', async () => {
    const {app, ui, frame, spawned} = await startLazy();
    expect(spawned()).toBe(0);
    await typeLine(ui.stdin, '/server tickets');
    await frame((f) => /tickets +online/.test(f), 'the server online');
    expect(spawned()).toBe(1);
    ui.stdin.write('\u001b');
    await frame((f) => f.includes('Conversation'), 'the conversation');
    await typeLine(ui.stdin, '/server tickets');
    await frame(() => app.store.getState().inspect.view?.kind === 'server', 'the server view again');
    expect(spawned()).toBe(1);
  });
});
