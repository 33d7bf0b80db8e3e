// Rows of styled segments as terminal text, for output without Ink
// (`--print --format pretty`). The same theme decides the colours; with
// `styles` off it is plain text, with `colors` off (NO_COLOR) only bold,
// italic, underline and strike-through remain.
import type {Line, Seg} from './line.js';
import type {Theme} from './theme.js';

const FG: Readonly<Record<string, number>> = {
  black: 30, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36, white: 37,
  gray: 90, grey: 90, redBright: 91, greenBright: 92, yellowBright: 93, blueBright: 94, magentaBright: 95, cyanBright: 96, whiteBright: 97,
};

/** How much terminal styling to write. */
export interface AnsiOptions {
  /** Any SGR at all (false: plain text, e.g. not a terminal). */
  styles: boolean;
  theme: Theme;
}

/** `lines` as text, one row per line, each ending in "\n". */
export function linesToAnsi(lines: readonly Line[], o: AnsiOptions): string {
  let out = '';
  for (const line of lines) {
    for (const s of line) out += o.styles ? styled(s, o.theme) : s.text;
    out += '\n';
  }
  return out;
}

function styled(s: Seg, theme: Theme): string {
  const codes: number[] = [];
  const fg = FG[theme.tone(s.tone) ?? ''];
  if (fg !== undefined) codes.push(fg);
  if (s.bold) codes.push(1);
  if (s.italic) codes.push(3);
  if (s.underline) codes.push(4);
  if (s.inverse) codes.push(7);
  if (s.strike) codes.push(9);
  return codes.length ? `\u001b[${codes.join(';')}m${s.text}\u001b[0m` : s.text;
}
