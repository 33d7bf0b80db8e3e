// Keys and commands, read from the same tables the router and parser use.
import React, {memo} from 'react';
import type {PromptEntry} from '../../hub/prompt-table.js';
import {Frame, innerCols, innerRows} from '../components/frame.js';
import {safeLine} from '../text/safe.js';
import {LinesView} from '../components/line-view.js';
import {KEY_COMMANDS} from '../keys/key-table.js';
import {SLASH_COMMANDS} from '../keys/slash.js';
import {fitLine, seg, type Line} from '../line.js';
import {MARK} from '../symbols.js';
import {padCells} from '../text/cells.js';
import type {Theme} from '../theme.js';

/** The help screen, drawn in place of the conversation. */
export const HelpPane = memo(function HelpPane({width, height, theme, prompts = []}: {width: number; height: number; theme: Theme; prompts?: readonly PromptEntry[]}): React.JSX.Element {
  const w = innerCols(width);
  const lines: Line[] = [[seg('Commands', 'accent', true)]];
  for (const c of SLASH_COMMANDS) lines.push([seg(padCells(`/${c.name} ${c.args}`, 20), 'accent'), seg(c.help)]);
  if (prompts.length) {
    lines.push([], [seg('Prompts of your servers', 'accent', true), seg(' (running one makes its messages your next turn)', 'muted')]);
    for (const p of prompts) lines.push([seg(`/${safeLine(p.name)} `, 'accent'), seg(p.arguments.map((a) => `${safeLine(a.name)}${a.required ? '' : '?'}`).join(' ')), seg(p.title ? `  ${safeLine(p.title)}` : '', 'muted')]);
  }
  lines.push([], [seg('Keys', 'accent', true)]);
  const seen = new Set<string>();
  for (const k of KEY_COMMANDS) {
    // A server's form, link, sampling or login request lists its own keys on its dialog; "decline all" is the same key on each, listed once.
    // So do the views over the conversation (tool, server, call, resources) and a card's whole result.
    const request = k.layer === 'form' || k.layer === 'url' || k.layer === 'sampling';
    const ownKeys = k.layer === 'login' || k.layer === 'manual' || k.layer === 'argform' || k.layer === 'inspect' || k.layer === 'result';
    if ((request && !k.id.endsWith('-decline-all')) || ownKeys || k.id === 'card-next' || seen.has(k.keys)) continue;
    seen.add(k.keys);
    lines.push([seg(padCells(k.keys, 20), 'accent'), seg(k.help), seg(k.layer === 'dialog' ? '  (in the dialog)' : request ? '  (on a server’s request)' : '', 'muted')]);
  }
  lines.push([seg(padCells('server requests', 20), 'accent'), seg('a form, link or sampling request shows its keys on its dialog; Esc cancels it')]);
  lines.push([], [seg('Marks', 'accent', true)]);
  const marks: Array<[string, string]> = [
    [MARK.trusted, 'a tool of a server you trust in the config'],
    [MARK.untrusted, 'untrusted server: its annotations are claims'],
    [MARK.shared, 'the original name exists on several servers'],
    [`${MARK.hashed}hashed ${MARK.sanitised}sanitised`, 'the name was shortened or cleaned for the model'],
  ];
  for (const [mark, text] of marks) lines.push([seg(padCells(mark, 20), 'accent'), seg(text)]);
  return (
    <Frame title={[seg('Help'), seg(' · Esc closes', 'muted')]} width={width} height={height} focused theme={theme}>
      {/* Cut to the pane: rows past the frame would be squashed by the layout, not hidden. */}
      <LinesView lines={lines.slice(0, innerRows(height)).map((l) => fitLine(l, w))} theme={theme} />
    </Frame>
  );
});
