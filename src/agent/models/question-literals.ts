// The parts of a question the offline model passes on exactly as written:
// quoted strings, URLs, paths, numbers and identifiers (`T-102`, `n3`,
// `v2.1`, `user_id`). Plain words are only trimmed of the punctuation around
// them. Without this, `~/work/files` reached a server as `work files`.

/** One whitespace-separated piece of a question, classified. */
export interface QuestionToken {
  text: string;
  kind: 'quoted' | 'url' | 'path' | 'number' | 'identifier' | 'word';
}

const QUOTED = /"([^"]+)"|'([^']+)'|`([^`]+)`|“([^”]+)”/g;
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const PATH = /^(~|\.{1,2})?\/\S*$|^[A-Za-z]:\\|^[^\s/]+\/\S+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
// Letters with digits, `_`, `-` or `.` inside, or camelCase: names, ids, versions.
const IDENTIFIER = /^(?=.*[\p{L}])(?=.*(\d|[_.-]\p{L}|[_.-]\d|\p{Ll}\p{Lu}))[\p{L}\p{N}][\p{L}\p{N}_.-]*[\p{L}\p{N}]$/u;
// Sentence punctuation that ends a literal without belonging to it.
const TRAILING = /[.,;:!?)\]}>]+$/;
const LEADING = /^[(\[{<]+/;

/** The question's pieces in order; quoted strings count as one piece, without their quotes. */
export function questionTokens(question: string): QuestionToken[] {
  const out: QuestionToken[] = [];
  let last = 0;
  for (const match of question.matchAll(QUOTED)) {
    out.push(...bareTokens(question.slice(last, match.index)));
    const text = match.slice(1).find((g) => g !== undefined)!;
    out.push({text, kind: 'quoted'});
    last = match.index + match[0].length;
  }
  out.push(...bareTokens(question.slice(last)));
  return out;
}

function bareTokens(text: string): QuestionToken[] {
  return text
    .split(/\s+/)
    .map((raw) => classify(raw))
    .filter((t): t is QuestionToken => t !== undefined);
}

function classify(raw: string): QuestionToken | undefined {
  const trimmed = raw.replace(LEADING, '');
  if (URL.test(trimmed)) return {text: trimmed.replace(/[.,;:!?)\]}>]+$/, ''), kind: 'url'};
  const text = trimmed.replace(TRAILING, '');
  if (!text) return undefined;
  if (PATH.test(text)) return {text, kind: 'path'};
  if (NUMBER.test(text)) return {text, kind: 'number'};
  if (IDENTIFIER.test(text)) return {text, kind: 'identifier'};
  const word = text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return word ? {text: word, kind: 'word'} : undefined;
}

/** The first token of `kind` a field named `key` most likely wants, or undefined. */
export function literalFor(key: string, tokens: readonly QuestionToken[]): string | undefined {
  const first = (...kinds: QuestionToken['kind'][]) => tokens.find((t) => kinds.includes(t.kind))?.text;
  if (/ur[il]|link|href|address/i.test(key)) return first('url') ?? first('quoted');
  if (/path|file|dir|folder|root/i.test(key)) return first('path') ?? first('quoted');
  if (/(^|_|\b)ids?$|[a-z]Ids?$|key$|name$/.test(key)) return first('quoted') ?? first('identifier', 'number');
  return first('quoted');
}
