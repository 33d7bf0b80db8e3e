// Hidden instructions in what a server sends: text a person does not see but
// a model reads (tag characters, zero-width and bidi characters, text pushed
// off screen by whitespace), and phrases aimed at the model rather than at
// the user. Pure functions; each finding names its exact place.
//
// Invisible characters block (the tool is withheld until the user allows it):
// there is no honest reason for them in a tool description. Instruction-like
// phrases only warn: a plain description may mention another tool or a
// password field, so false positives are possible and the text says so.
import {codePointName, isInvisibleFormat, isTagCharacter, showInvisible} from '../../util/visible.js';
import {INSTRUCTION_PATTERNS, mayMatch} from './phrases.js';

/** What kind of hiding was found. */
export type FindingKind = 'tag-characters' | 'invisible-characters' | 'whitespace-run' | 'instruction';

/** One finding, with the place a person can go and look. */
export interface Finding {
  kind: FindingKind;
  /** Which text: `description`, `title`, `inputSchema.properties.path.description`, `parameter name inputSchema.properties.x`, `instructions`… */
  place: string;
  /** 1-based line and column (in code points) of the first character found. */
  line: number;
  column: number;
  /** What was found, invisible characters shown as `⟨U+XXXX⟩`. */
  detail: string;
  /** `block` withholds the tool until the user allows it; `warn` only tells. */
  severity: 'block' | 'warn';
}

/** A finding's place for people: `description, line 1, column 42`. */
export function findingPlace(f: Finding): string {
  return `${f.place}, line ${f.line}, column ${f.column}`;
}

/** A finding as one line: `⚠ instruction-like phrase at description, line 1, column 5: …`. */
export function describeFinding(f: Finding): string {
  return `${f.severity === 'block' ? '✖' : '⚠'} ${KIND_LABEL[f.kind]} at ${findingPlace(f)}: ${f.detail}`;
}

/** A finding as one line for a notice or a list that states the false-positive note once: invisible characters shown visibly. */
export function shortFinding(f: Finding): string {
  return showInvisible(describeFinding(f)).replace(` (${FALSE_POSITIVE_NOTE})`, '');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const KIND_LABEL: Record<FindingKind, string> = {
  'tag-characters': 'invisible tag characters',
  'invisible-characters': 'zero-width or bidi characters',
  'whitespace-run': 'text hidden after a long run of whitespace',
  instruction: 'instruction-like phrase',
};

/** The note every instruction-like finding carries. */
export const FALSE_POSITIVE_NOTE = 'a warning, not a block: plain text can match too, so false positives are possible';

/** Horizontal whitespace this long, or this many line breaks, before more text hides that text off screen. */
export const WHITESPACE_RUN = 40;
export const NEWLINE_RUN = 8;

/** Other tools and servers the scanned text should have no reason to name. */
export interface ScanContext {
  /** Original names of the tools of other servers. */
  otherTools?: ReadonlySet<string>;
  /** Aliases of other servers. */
  otherServers?: ReadonlySet<string>;
}

/** Scans one text; `place` names it in the findings. */
export function scanText(text: string, place: string, context: ScanContext = {}): Finding[] {
  const out: Finding[] = [];
  scanInvisible(text, place, out);
  scanWhitespace(text, place, out);
  scanPhrases(text, place, context, out);
  // In reading order, whatever found them.
  return out.length > 1 ? out.sort((a, b) => a.line - b.line || a.column - b.column) : out;
}

// Every character scanInvisible looks for is outside ASCII, and nearly every
// tool text is ASCII: a test of the whole string skips the walk by code point
// (a server listing 1,000 tools has some 10,000 texts; BENCHMARKS.md §11).
const NON_ASCII = /[^\x00-\x7f]/;

/** True when `text` is all ASCII, so that no part of it hides characters: one test for many texts at once (a listing's piece). */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** True when `text` has characters that block (tag, zero-width or bidi characters); no findings built. */
export function hasHiddenCharacters(text: string): boolean {
  if (!NON_ASCII.test(text)) return false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isTagCharacter(cp) || isInvisibleFormat(cp)) return true;
  }
  return false;
}

/** Only the invisible characters of `text` (for schema values such as `enum` and `default`, where phrases are data, not instructions). */
export function scanHidden(text: string, place: string): Finding[] {
  const out: Finding[] = [];
  scanInvisible(text, place, out);
  return out;
}

function scanInvisible(text: string, place: string, out: Finding[]): void {
  if (!NON_ASCII.test(text)) return;
  let tags: {start: number; hidden: string} | undefined;
  let other: {start: number; names: string[]} | undefined;
  let i = 0;
  const flush = () => {
    if (tags) out.push(finding('tag-characters', place, text, tags.start, `hidden text "${tags.hidden}" (${plural([...tags.hidden].length, 'tag character')})`, 'block'));
    if (other) out.push(finding('invisible-characters', place, text, other.start, [...new Set(other.names)].map((n) => `⟨${n}⟩`).join(' '), 'block'));
    tags = other = undefined;
  };
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isTagCharacter(cp)) {
      // A tag character spells the ASCII character cp - 0xE0000; U+E0000 and U+E007F are markers.
      const ascii = cp >= 0xe0020 && cp < 0xe007f ? String.fromCharCode(cp - 0xe0000) : `⟨${codePointName(cp)}⟩`;
      if (tags) tags.hidden += ascii;
      else tags = {start: i, hidden: ascii};
    } else if (isInvisibleFormat(cp)) {
      if (other) other.names.push(codePointName(cp));
      else other = {start: i, names: [codePointName(cp)]};
    } else if (tags || other) {
      // A run ends at the first visible character: one finding per hidden run.
      flush();
    }
    i += ch.length;
  }
  flush();
}

// One linear pass (a regex over a hostile 64 KiB of spaces would backtrack).
function scanWhitespace(text: string, place: string, out: Finding[]): void {
  let i = 0;
  while (i < text.length) {
    if (!isBlank(text[i]!)) {
      i++;
      continue;
    }
    let spaces = 0;
    let breaks = 0;
    let run = 0;
    for (; i < text.length && isBlank(text[i]!); i++) {
      if (text[i] === '\n') {
        breaks++;
        run = 0;
      } else if (text[i] !== '\r') spaces = Math.max(spaces, ++run);
    }
    if (i < text.length && (spaces >= WHITESPACE_RUN || breaks >= NEWLINE_RUN)) {
      const hidden = text.slice(i, i + 60).split('\n')[0]!;
      const size = breaks >= NEWLINE_RUN ? `${breaks} line breaks` : `${spaces} spaces`;
      out.push(finding('whitespace-run', place, text, i, `${size}, then "${showInvisible(hidden)}${hidden.length === 60 ? '…' : ''}"`, 'warn'));
    }
  }
}

const isBlank = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0' || c === '\u3000';

// The shared global patterns are run with exec from lastIndex 0, not
// matchAll: matchAll copies the regex and makes an iterator per text, which
// was most of what a 1,000-tool listing allocated (BENCHMARKS.md §11).
const WORD = /[A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]/g;

function scanPhrases(text: string, place: string, context: ScanContext, out: Finding[]): void {
  // Lowercased for the patterns' word lists only; the patterns search the text itself.
  const lower = text.toLowerCase();
  for (const {pattern, why, needs} of INSTRUCTION_PATTERNS) {
    if (!mayMatch(lower, needs)) continue;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      out.push(finding('instruction', place, text, m.index, `${why}: "${excerpt(m[0])}" (${FALSE_POSITIVE_NOTE})`, 'warn'));
      if (m[0] === '') pattern.lastIndex++;
    }
  }
  const {otherTools, otherServers} = context;
  if (!otherTools?.size && !otherServers?.size) return;
  // Words of the text looked up in the sets: linear in the text, whatever the number of names.
  let reported: Set<string> | undefined;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    const word = m[0];
    const what = otherTools?.has(word) ? 'names a tool of another server' : otherServers?.has(word) ? 'names another server' : undefined;
    if (!what || reported?.has(word)) continue;
    (reported ??= new Set()).add(word);
    out.push(finding('instruction', place, text, m.index, `${what}: "${excerpt(word)}" (${FALSE_POSITIVE_NOTE})`, 'warn'));
  }
}

function excerpt(s: string): string {
  const shown = showInvisible(s.replace(/\s+/g, ' '));
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}

function finding(kind: FindingKind, place: string, text: string, index: number, detail: string, severity: Finding['severity']): Finding {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {kind, place, line: before.split('\n').length, column: [...before.slice(lineStart)].length + 1, detail, severity};
}
