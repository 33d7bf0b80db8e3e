// The lines of a server's stderr that say what went wrong. The last lines are
// often noise: npm's notices ("npm notice New major version…"), a usage
// banner, or the tail of a Node stack trace (`    at …`, `}`, `Node.js v20`),
// while the real cause ("Error: No access token was provided.") sits above
// them. Lines are ranked; the best class wins, in the order they were written.

/** How many lines from the end are looked at. */
const WINDOW = 80;
/** A chosen line is cut to this many characters. */
const MAX_LINE = 240;

// ANSI colour and cursor sequences (npm colours its output).
// eslint-disable-next-line no-control-regex
const CSI = /\u001b\[[0-?]*[ -/]*[@-~]/g;

const NOISE: readonly RegExp[] = [
  /^at\s.*(:\d+(:\d+)?\)?|\((native|<anonymous>)\))$/, // a stack frame
  /^[[\]{}(),;^~\s]*$/, // brackets and carets closing a dump, a caret under a code excerpt
  /^Node\.js v\d/,
  /^npm (notice|warn|WARN)\b/,
  /^npm (error|ERR!)\s*(A complete log|Log files were not written|\d{3}\s*$|\s*$)/,
  /^(node:internal|file:\/\/|\/)\S*:\d+$/, // where a throw happened, above its excerpt
  /^(throw|triggerUncaughtException)\b/,
  /^Require stack:$/,
  /^- \//, // a require stack entry
  /^(Did you mean|Done in)\b/,
];
const USAGE = /^(usage|options|arguments|examples?|commands)\s*:|^-{1,2}[a-z]/i;
const STRONG = [
  /^(\w+ )?\w*(Error|Exception)\b(\s*\[[A-Z_]+\])?\s*:/, // Error: …, TypeError: …, Error [ERR_X]: …
  /^(fatal|error|panic|critical)\b/i,
  /^npm (error|ERR!)/,
  /\b(Error|Exception|Fatal error)\s*:/,
  /^\[?(ERROR|FATAL)\]?\b/,
];
const WEAK = /\b(fail(ed|ure)?|cannot|can't|could not|unable|not (found|set|allowed|provided|supported)|missing|invalid|denied|refused|required|must|unauthori[sz]ed|forbidden|no such|E[A-Z]{3,}|timed? ?out|please (set|provide|specify|pass|run|install|export))\b/i;

/** A line's worth: 3 an error line, 2 names a failure, 1 ordinary, 0 usage banner, -1 noise. */
export function lineScore(raw: string): number {
  const line = raw.replace(CSI, '').trim();
  if (line === '' || NOISE.some((re) => re.test(line))) return -1;
  if (STRONG.some((re) => re.test(line))) return 3;
  if (WEAK.test(line)) return 2;
  if (USAGE.test(line)) return 0;
  return 1;
}

/**
 * Up to `max` lines of `text` that best say what went wrong: from the best
 * class present (errors, then failures named in words, then ordinary lines,
 * then a usage banner), first written first, repeats dropped. Lines scored
 * below `least` are never chosen.
 */
export function tellingLines(text: string, max = 2, least = 0): string[] {
  const lines = text.split(/\r?\n/).slice(-WINDOW).map((l) => l.replace(CSI, '').trim());
  let best = -1;
  const scored = lines.map((line) => {
    const score = lineScore(line);
    if (score > best) best = score;
    return {line, score};
  });
  if (best < least) return [];
  const out: string[] = [];
  for (const {line, score} of scored) {
    if (score !== best || out.includes(cut(line))) continue;
    out.push(cut(line));
    if (out.length === max) break;
  }
  return out;
}

function cut(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}
