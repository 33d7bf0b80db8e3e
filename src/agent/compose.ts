// The user's turn made from server material: a prompt's messages (`/mcp__…`
// slash commands) and resources attached with `@alias:uri`. Plain text, so
// every model API reads it alike and a saved session replays it as typed.
import {describeBlock, decodedBytes, formatBytes} from '../hub/content/index.js';
import type {GetPromptResult, ResourceContents} from '../session/mcp-types.js';
import {stripControl} from '../util/sanitize.js';

/** A resource read for attaching: where it came from and what it held. */
export interface Attachment {
  alias: string;
  uri: string;
  contents: readonly ResourceContents[];
}

/**
 * A prompt's messages as one user turn: user messages as they are, the
 * server's assistant messages marked as such (they are the prompt's words,
 * not the model's), every block through the one content describer.
 */
export function promptTurnText(name: string, result: GetPromptResult): string {
  const parts = result.messages.map((m) => {
    const text = stripControl(describeBlock(m.content));
    return m.role === 'assistant' ? `(the prompt's assistant message) ${text}` : text;
  });
  return [`[prompt ${name}]`, ...parts].join('\n\n');
}

/** The question with each attachment after it, labelled with its source; binary parts are summarised. */
export function withAttachments(question: string, attachments: readonly Attachment[]): string {
  if (attachments.length === 0) return question;
  const blocks = attachments.flatMap((a) =>
    a.contents.map((c) => {
      const head = `[attached resource ${a.alias}:${c.uri}${c.mimeType ? ` (${c.mimeType})` : ''}]`;
      if (typeof c.text === 'string') return `${head}\n${stripControl(c.text)}\n[end of ${a.alias}:${c.uri}]`;
      return `${head} binary, ${formatBytes(decodedBytes(c.blob ?? ''))}, not included`;
    }),
  );
  return [question, ...blocks].join('\n\n');
}

/** A resource reference typed in the input line: `@alias:uri`. */
export interface ResourceRef {
  alias: string;
  uri: string;
  /** Where the token starts and ends in the text. */
  start: number;
  end: number;
}

/** Every `@alias:uri` token whose alias is one of `aliases` (a token ends at whitespace). */
export function resourceRefs(text: string, aliases: readonly string[]): ResourceRef[] {
  const refs: ResourceRef[] = [];
  for (const m of text.matchAll(/(^|\s)@([A-Za-z0-9_-]+):(\S+)/g)) {
    const alias = m[2]!;
    if (!aliases.includes(alias)) continue;
    const start = m.index! + m[1]!.length;
    // Punctuation that ends the sentence is not part of the URI (`what is in @notes:notes://n2?`).
    const uri = m[3]!.replace(/[.,;:!?)\]}'"]+$/, '');
    if (uri === '') continue;
    refs.push({alias, uri, start, end: start + 1 + alias.length + 1 + uri.length});
  }
  return refs;
}
