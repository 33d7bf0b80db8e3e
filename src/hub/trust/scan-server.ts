// The rest of what a server says besides its tools, scanned like a tool
// description: its `instructions` (they go into the system prompt), the names,
// titles and descriptions of its prompts and their arguments, of its
// resources and resource templates, and the messages of a prompt when it is
// fetched and the text of a resource when it is read (both can become the
// user's turn). Places name the prompt or resource.
import type {ContentBlock, GetPromptResult, Prompt, Resource, ResourceContents, ResourceTemplate} from '../../session/mcp-types.js';
import {stripTagCharacters} from '../../util/visible.js';
import {tagNote} from './result-tags.js';
import {scanHidden, scanText, type Finding, type ScanContext} from './scan.js';

/** What a server sent beside its tools. */
export interface ServerTexts {
  instructions?: string;
  prompts?: readonly Prompt[];
  resources?: readonly Resource[];
  templates?: readonly ResourceTemplate[];
}

/** Every finding in a server's instructions, prompts and resources. */
export function scanServerTexts(texts: ServerTexts, context: ScanContext = {}): Finding[] {
  const out: Finding[] = [];
  const scan = (text: unknown, place: string, ctx: ScanContext = context) => {
    if (typeof text === 'string' && text !== '') out.push(...scanText(text, place, ctx));
  };
  scan(texts.instructions, 'instructions');
  for (const p of texts.prompts ?? []) {
    const at = `prompt ${JSON.stringify(p.name)}`;
    scan(p.name, `${at} name`, {});
    scan(p.title, `${at} title`);
    scan(p.description, `${at} description`);
    for (const a of p.arguments ?? []) {
      scan(a.name, `${at} argument ${JSON.stringify(a.name)} name`, {});
      scan(a.title, `${at} argument ${JSON.stringify(a.name)} title`);
      scan(a.description, `${at} argument ${JSON.stringify(a.name)} description`);
    }
  }
  for (const [kind, list] of [['resource', texts.resources ?? []], ['resource template', texts.templates ?? []]] as const) {
    for (const r of list) {
      const uri = 'uri' in r ? r.uri : r.uriTemplate;
      const at = `${kind} ${JSON.stringify(uri)}`;
      // The address goes to the model with what it attaches; a path is data, so only for invisible characters.
      if (typeof uri === 'string') out.push(...scanHidden(uri, `${at} address`));
      scan(r.name, `${at} name`, {});
      scan(r.title, `${at} title`);
      scan(r.description, `${at} description`);
    }
  }
  return out;
}

/** Every finding in a fetched prompt: its description and the text of each message. */
export function scanPromptResult(prompt: string, result: GetPromptResult, context: ScanContext = {}): Finding[] {
  const at = `prompt ${JSON.stringify(prompt)}`;
  const out: Finding[] = typeof result.description === 'string' ? scanText(result.description, `${at} result description`, context) : [];
  result.messages.forEach((m, i) => {
    const text = blockText(m.content);
    if (text) out.push(...scanText(text, `${at} message ${i + 1} (${m.role})`, context));
  });
  return out;
}

function blockText(block: ContentBlock): string | undefined {
  const b = block as {type?: string; text?: unknown; resource?: {text?: unknown}};
  if (b.type === 'text' && typeof b.text === 'string') return b.text;
  if (b.type === 'resource' && typeof b.resource?.text === 'string') return b.resource.text;
  return undefined;
}

/** The prompt with tag characters removed from its text messages, each such message noting it. */
export function stripPromptTags(result: GetPromptResult): GetPromptResult {
  const messages = result.messages.map((m) => {
    const b = m.content as {type?: string; text?: unknown};
    if (b.type !== 'text' || typeof b.text !== 'string') return m;
    const s = stripTagCharacters(b.text);
    return s.removed === 0 ? m : {...m, content: {...m.content, text: `${s.text}\n${tagNote(s.removed, 'this message')}`} as ContentBlock};
  });
  return {...result, messages};
}

/** Every finding in the text parts of a read resource (an `@alias:uri` attachment becomes part of the user's turn). */
export function scanResourceContents(contents: readonly ResourceContents[], context: ScanContext = {}): Finding[] {
  const out: Finding[] = [];
  contents.forEach((c, i) => {
    if (typeof c.text === 'string' && c.text !== '') out.push(...scanText(c.text, `resource ${JSON.stringify(c.uri)}${contents.length > 1 ? ` part ${i + 1}` : ''} text`, context));
  });
  return out;
}

/** The contents with tag characters removed from their text, each such part noting it. */
export function stripResourceTags(contents: readonly ResourceContents[]): ResourceContents[] {
  return contents.map((c) => {
    if (typeof c.text !== 'string') return c;
    const s = stripTagCharacters(c.text);
    return s.removed === 0 ? c : {...c, text: `${s.text}\n${tagNote(s.removed, 'this resource')}`};
  });
}
