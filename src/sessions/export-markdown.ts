// A transcript as a markdown document: each question, each answer as the
// model wrote it, each tool call with its arguments and result in fences,
// errors as quoted lines. Everything passes the sanitiser, so a file that is
// later `cat`-ed cannot move a cursor or write a clipboard.
import {safeStringify} from '../util/safe-json.js';
import {stripControl} from '../util/sanitize.js';
import type {TranscriptEntry, TranscriptMeta} from './transcript.js';

/** The markdown of `entries`. */
export function exportMarkdown(entries: readonly TranscriptEntry[], meta: TranscriptMeta): string {
  const out: string[] = ['# breakerbox conversation', ''];
  const facts: Array<[string, string | undefined]> = [
    ['session', meta.session],
    ['started', meta.startedAt],
    ['model', meta.model],
    ['directory', meta.cwd],
    ['exported', meta.exportedAt],
  ];
  for (const [k, v] of facts) if (v) out.push(`- ${k}: ${clean(v)}`);
  for (const e of entries) out.push('', ...entryLines(e));
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

function entryLines(e: TranscriptEntry): string[] {
  switch (e.kind) {
    case 'user':
      return ['## Question', '', clean(e.text).trim()];
    case 'assistant':
      return ['## Answer', '', clean(e.text).trim()];
    case 'call': {
      const where = e.server ? ` (${clean(e.server)} / ${clean(e.tool ?? '?')})` : '';
      return [
        `### Tool call \`${clean(e.name).replace(/`/g, '')}\`${where}: ${e.status}`,
        '',
        'Arguments:',
        '',
        ...fenced(json(e.arguments), 'json'),
        '',
        'Result:',
        '',
        ...resultFence(clean(e.result)),
      ];
    }
    case 'notice':
      return [`> **${e.level}:** ${clean(e.text).replace(/\n/g, '\n> ')}`];
    case 'marker':
      return ['---', '', `*${clean(e.text)}*`];
  }
}

/** `text` in a fence longer than any run of backticks inside it. */
export function fenced(text: string, lang: string): string[] {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${lang}`, text.replace(/\n+$/, ''), fence];
}

function json(value: unknown): string {
  return clean(safeStringify(value ?? {}, {space: 2, fallback: '(the arguments cannot be shown)'}));
}

// A result that is JSON is indented, as the card shows it.
function resultFence(text: string): string[] {
  const t = text.trim();
  if (/^[[{]/.test(t)) {
    try {
      return fenced(safeStringify(JSON.parse(t), {space: 2}), 'json');
    } catch {
      // not JSON after all
    }
  }
  return fenced(text || '(no result)', 'text');
}

function clean(text: string): string {
  return stripControl(text);
}
