// Inline markdown (emphasis, code, links, breaks) → styled segments. Links are
// their text plus the URL in brackets: never an OSC 8 hyperlink, since the
// text came from a model that may be echoing a server.
import type {Token} from 'marked';
import type {Seg} from '../line.js';
import type {MdContext, SegStyle} from './context.js';

/** Segments for `tokens`; `style` is inherited from the enclosing token. */
export function inlineSegs(tokens: readonly Token[] | undefined, ctx: MdContext, style: SegStyle = {}): Seg[] {
  const out: Seg[] = [];
  for (const t of tokens ?? []) pushToken(t, ctx, style, out);
  return out;
}

function pushToken(t: Token, ctx: MdContext, style: SegStyle, out: Seg[]): void {
  switch (t.type) {
    case 'text':
      // Tight list items hold text tokens that have inline tokens of their own.
      if ('tokens' in t && t.tokens?.length) out.push(...inlineSegs(t.tokens, ctx, style));
      else out.push({...style, text: softBreaks(decode(t.text))});
      return;
    case 'escape':
      out.push({...style, text: t.text});
      return;
    case 'strong':
      out.push(...inlineSegs(t.tokens, ctx, {...style, bold: true}));
      return;
    case 'em':
      out.push(...inlineSegs(t.tokens, ctx, {...style, italic: true}));
      return;
    case 'del':
      out.push(...inlineSegs(t.tokens, ctx, {...style, strike: true}));
      return;
    case 'codespan': {
      const text = t.text.replace(/\n/g, ' ');
      out.push({...style, tone: 'code', text: ctx.color ? text : `\`${text}\``});
      return;
    }
    case 'br':
      out.push({...style, text: '\n'});
      return;
    case 'link':
      pushLink(t.tokens, t.text, t.href, ctx, style, out);
      return;
    case 'image':
      out.push({...style, tone: 'muted', text: `[image: ${t.text || 'no description'}]`});
      if (t.href) out.push({...style, tone: 'link', text: ` (${t.href})`});
      return;
    case 'html':
      out.push({...style, tone: 'muted', text: softBreaks(t.text)});
      return;
    case 'checkbox':
      out.push({...style, text: t.checked ? '☑ ' : '☐ '});
      return;
    default:
      // A token type from a later marked: show what was written.
      out.push({...style, text: softBreaks(String((t as {raw?: unknown}).raw ?? ''))});
  }
}

function pushLink(tokens: readonly Token[] | undefined, text: string, href: string, ctx: MdContext, style: SegStyle, out: Seg[]): void {
  const label = inlineSegs(tokens, ctx, {...style, tone: 'link', underline: true});
  const bare = href.replace(/^mailto:/, '');
  // Autolinks and bare URLs: the text is the URL already.
  if (text === href || text === bare) {
    out.push(...label);
    return;
  }
  out.push(...label, {...style, tone: 'muted', text: ` (${href})`});
}

const ENTITIES: Readonly<Record<string, string>> = {amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' '};

/** The few HTML entities models write; anything else is shown as written. */
function decode(text: string): string {
  return text.includes('&') ? text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!) : text;
}

/** A soft line break inside a paragraph is a space. */
function softBreaks(text: string): string {
  return text.replace(/[\n\t]/g, ' ');
}
