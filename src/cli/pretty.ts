// `--format pretty`: the answer's markdown rendered as in the UI, written as
// terminal text without Ink. Styled only on a terminal; NO_COLOR keeps the
// styles that are not colours.
import {linesToAnsi} from '../ui/ansi-lines.js';
import {markdownLines} from '../ui/markdown/index.js';
import {createTheme, noColorRequested} from '../ui/theme.js';

/** Where the answer goes and what it can show. */
export interface PrettyTarget {
  isTTY?: boolean;
  columns?: number;
  env: NodeJS.ProcessEnv;
}

/** The answer as rendered text, ending in a newline. */
export function prettyAnswer(answer: string, t: PrettyTarget): string {
  const forced = t.env.FORCE_COLOR !== undefined && t.env.FORCE_COLOR !== '0' && t.env.FORCE_COLOR !== 'false';
  const styles = Boolean(t.isTTY) || forced;
  const colors = styles && !noColorRequested(t.env);
  const width = t.columns && t.columns > 0 ? t.columns : Number(t.env.COLUMNS) > 0 ? Number(t.env.COLUMNS) : 80;
  const lines = markdownLines(answer, {width, color: colors});
  return lines.length ? linesToAnsi(lines, {styles, theme: createTheme(!colors)}) : '\n';
}
