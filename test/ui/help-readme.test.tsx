// /help and the README's key table come from the same rows: the README's
// table between the `keys-table` markers is exactly what helpMarkdown() makes.
// After changing a key or command: UPDATE_README=1 npx vitest run test/ui/help-readme.test.tsx
import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {describe, expect, it} from 'vitest';
import {helpMarkdown, keyRows} from '../../src/ui/keys/help-rows.js';
import {HelpPane} from '../../src/ui/panes/help-pane.js';
import {createTheme} from '../../src/ui/theme.js';
import {ROOT} from '../helpers/servers.js';

const START = '<!-- keys-table: made from src/ui/keys/help-rows.ts; test/ui/help-readme.test.tsx checks it -->';
const END = '<!-- /keys-table -->';

describe('the README key table', () => {
  it('is the table /help shows', () => {
    const path = join(ROOT, 'README.md');
    const readme = readFileSync(path, 'utf8');
    const at = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(at, 'the README has the keys-table markers').toBeGreaterThan(0);
    const table = `\n${helpMarkdown()}\n`;
    if (process.env.UPDATE_README === '1') writeFileSync(path, readme.slice(0, at + START.length) + table + readme.slice(end));
    else expect(readme.slice(at + START.length, end)).toBe(table);
  });

  it('says Esc denies in the approval dialog and cancels a running turn, in both', () => {
    const md = helpMarkdown();
    expect(md).toContain('| n / Esc | deny the call (in the approval dialog) |');
    expect(md).toContain('| Esc | cancel the running turn (never quits) |');
    const help = render(<HelpPane width={120} height={60} theme={createTheme(true)} />).lastFrame()!;
    for (const row of keyRows()) expect(help).toContain(row.help.slice(0, 40));
  });
});
