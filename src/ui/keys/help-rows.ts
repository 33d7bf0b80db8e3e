// The rows of /help's "Commands" and "Keys", read from the tables the parser
// and the key router use. The README's key table is made from the same rows
// (test/ui/help-readme.test.tsx keeps it so), so the two cannot disagree.
import {KEY_COMMANDS} from './key-table.js';
import {SLASH_COMMANDS} from './slash.js';

/** One row: the key or command, what it does, and where it applies (empty: anywhere). */
export interface HelpRow {
  keys: string;
  help: string;
  where: string;
}

/** Every slash command, as typed. */
export function commandRows(): HelpRow[] {
  return SLASH_COMMANDS.map((c) => ({keys: `/${c.name}${c.args ? ` ${c.args}` : ''}`, help: c.help, where: ''}));
}

/** The keys /help lists: the dialogs and views that show their own keys are left to them. */
export function keyRows(): HelpRow[] {
  const rows: HelpRow[] = [];
  const seen = new Set<string>();
  for (const k of KEY_COMMANDS) {
    // A server's form, link, sampling or login request lists its own keys on its dialog; "decline all" is the same key on each, listed once.
    // So do the views over the conversation (tool, server, call, resources), a card's whole result and the help's scrolling.
    const request = k.layer === 'form' || k.layer === 'url' || k.layer === 'sampling';
    const ownKeys = k.layer === 'login' || k.layer === 'manual' || k.layer === 'argform' || k.layer === 'inspect' || k.layer === 'result' || (k.layer === 'help' && k.id !== 'close-help');
    // The same key may do different things in different places (Esc): one row each; the same key and help once.
    const id = `${k.keys}\n${k.help}`;
    if ((request && !k.id.endsWith('-decline-all')) || ownKeys || k.id === 'card-next' || seen.has(id)) continue;
    seen.add(id);
    rows.push({keys: k.keys, help: k.help, where: k.layer === 'dialog' ? 'in the approval dialog' : request ? 'on a server’s request' : ''});
  }
  rows.push({keys: 'server requests', help: 'a form, link or sampling request shows its keys on its dialog; Esc cancels it', where: ''});
  return rows;
}

/** The README's table of keys and commands. */
export function helpMarkdown(): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  const row = (r: HelpRow) => `| ${cell(r.keys.startsWith('/') ? `\`${r.keys}\`` : r.keys)} | ${cell(r.help)}${r.where ? ` (${r.where})` : ''} |`;
  return ['| key | does |', '|---|---|', ...keyRows().map(row), '', '| command | does |', '|---|---|', ...commandRows().map(row)].join('\n');
}
