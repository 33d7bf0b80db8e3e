// Scrolling an inspector view at 80×24, where it shows a handful of rows:
// a page moves by what is on screen (no rows skipped), and after End (or a
// highlight on the last resource) ↑ moves at once.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it} from 'vitest';
import {buildApp, type App as BuiltApp} from '../../src/cli/app.js';
import {App} from '../../src/ui/app/app.js';
import {createTheme} from '../../src/ui/theme.js';
import {cliOptions, ROOT, testEnv, typeKeys, typeLine, waitForFrame} from '../helpers/ui.js';

let built: BuiltApp | undefined;
afterEach(async () => {
  cleanup();
  await built?.driver.shutdown();
  built = undefined;
});

async function start(server = 'notes') {
  const config = join(mkdtempSync(join(tmpdir(), 'bb-inspect-scroll-')), 'mcp.config.json');
  writeFileSync(config, JSON.stringify({mcpServers: {[server]: {command: process.execPath, args: [join(ROOT, `servers/${server}.mjs`)]}}}));
  built = await buildApp(cliOptions({config}), testEnv(), {interactive: true, trace: true, listExtras: true, columns: 80, rows: 24});
  const ui = render(<App store={built.store} driver={built.driver} theme={createTheme(true)} onQuit={() => {}} />);
  void built.driver.start();
  const frame = (p: (f: string) => boolean, what: string) => waitForFrame(ui.lastFrame, p, what);
  await frame((f) => f.includes('1/1 online'), 'the server online');
  return {ui, frame, app: built};
}

const above = (f: string) => Number(/↑ (\d+) above/.exec(f)?.[1] ?? 0);

describe('an inspector view at 80×24', {timeout: 120_000}, () => {
  it('pages by the rows it shows, and ↑ after End moves at once', async () => {
    const {ui, frame} = await start();
    await typeLine(ui.stdin, '/tool mcp__notes__search');
    const first = await frame((f) => f.includes('▸ Tool mcp__notes__search'), 'the tool view');
    // The rows of the view: between its top edge and its key hints.
    const lines = first.split('\n');
    const shown = lines.findIndex((l) => l.includes('[c] call it by hand')) - 1;
    expect(shown).toBeGreaterThan(1);
    expect(shown).toBeLessThan(10);
    ui.stdin.write('\u001b[6~');
    const paged = await frame((f) => above(f) > 0, 'a page down');
    // One row kept for context: nothing is skipped between two pages.
    expect(above(paged)).toBe(shown - 1);
    ui.stdin.write('\u001b[F');
    const end = await frame((f) => above(f) > above(paged) && !/━ … \d+ more/.test(f), 'the end');
    ui.stdin.write('\u001b[A');
    await frame((f) => above(f) === above(end) - 1, 'a row up from the end');
    ui.stdin.write('\u001b[5~');
    await frame((f) => above(f) === Math.max(0, above(end) - 1 - (shown - 1)), 'a page up');
  });

  it('the resources highlight stops on the last row: ↑ after End moves it', async () => {
    const {ui, frame, app} = await start();
    await typeLine(ui.stdin, '/resources');
    await frame((f) => f.includes('▸ notes:'), 'the resources list');
    const count = () => Object.values(app.store.getState().inspect.resources).reduce((n, r) => n + r.resources.length, 0);
    expect(count()).toBeGreaterThan(1);
    ui.stdin.write('\u001b[F');
    await frame(() => app.store.getState().inspect.cursor === count() - 1, 'the last row highlighted');
    ui.stdin.write('\u001b[A');
    await frame(() => app.store.getState().inspect.cursor === count() - 2, 'the row above');
  });

  it('a call by hand keeps the field being typed into in view, and shows the result when it comes', async () => {
    const {ui, frame} = await start('tickets');
    await typeLine(ui.stdin, '/call mcp__tickets__create_ticket');
    await frame((f) => f.includes('▸ title'), 'the form, on its first field');
    await typeKeys(ui.stdin, 'Lift broken');
    ui.stdin.write('\r');
    await frame((f) => f.includes('▸ due'), 'the second field, in view');
    ui.stdin.write('\r');
    await frame((f) => f.includes('▸ priority'), 'the third field, in view');
    ui.stdin.write('\u0013');
    const asked = await frame((f) => f.includes('your rules ask before this call runs') || f.includes('status  ok'), 'the approval question or the result, in view');
    if (asked.includes('your rules ask')) ui.stdin.write('y');
    await frame((f) => f.includes('Result (by hand') && f.includes('status  ok'), 'the result, in view');
  });
});