// /export and /copy: keeping what the conversation said. Both act only when
// the user types them; the host does the writing.
import {exportMarkdown} from '../../sessions/export-markdown.js';
import {transcriptFromItems} from '../../sessions/transcript-items.js';
import type {NoticeLevel} from '../../state/app-state.js';
import type {Store} from '../../state/store.js';
import {OSC52_MAX_CHARS} from '../../util/osc52.js';
import type {UiHost} from './host.js';
import {grouped} from '../../util/grouped.js';

/** What the commands need. */
export interface KeepDeps {
  store: Store;
  host?: UiHost;
  notice(level: NoticeLevel, text: string): void;
}

/** `/export [file]`: the conversation as markdown, in a new file. */
export function exportConversation(d: KeepDeps, file: string | undefined): boolean {
  if (!d.host) return unavailable(d, '/export');
  const state = d.store.getState();
  if (state.conversation.items.length === 0) {
    d.notice('warn', 'nothing to export yet: the conversation is empty');
    return true;
  }
  const markdown = exportMarkdown(transcriptFromItems(state.conversation.items), {
    session: d.host.session,
    model: state.model.label,
    cwd: d.host.cwd,
    exportedAt: d.host.now().toISOString(),
  });
  try {
    d.notice('info', `exported the conversation to ${d.host.writeExport(markdown, file)}`);
    return true;
  } catch (err) {
    d.notice('error', `/export: ${(err as Error).message}`);
    return false;
  }
}

/** `/copy`: the last answer to the terminal's clipboard. */
export function copyLastAnswer(d: KeepDeps): boolean {
  if (!d.host) return unavailable(d, '/copy');
  const items = d.store.getState().conversation.items;
  let text: string | undefined;
  for (let i = items.length - 1; i >= 0 && text === undefined; i--) {
    const item = items[i]!;
    if (item.kind === 'assistant' && item.text.trim()) text = item.text;
  }
  if (text === undefined) {
    d.notice('warn', 'no answer to copy yet');
    return true;
  }
  if (text.length > OSC52_MAX_CHARS) {
    d.notice('warn', `the last answer has ${grouped(text.length)} characters, more than a terminal takes through its clipboard escape (${grouped(OSC52_MAX_CHARS)}): /export it instead`);
    return true;
  }
  d.host.copyToClipboard(text);
  d.notice('info', `copied the last answer (${grouped(text.length)} characters) with the terminal's clipboard escape (OSC 52; in tmux: set -g set-clipboard on)`);
  return true;
}

function unavailable(d: KeepDeps, command: string): boolean {
  d.notice('warn', `${command} is not available here`);
  return true;
}
