// One theme of named tokens: panes ask for a tone ("error", "muted"), never a
// colour, so NO_COLOR can turn every colour off in one place.

/** What a piece of text means; the theme decides how that looks. */
export type Tone =
  | 'text'
  | 'muted'
  | 'accent'
  | 'focus'
  | 'border'
  | 'user'
  | 'assistant'
  | 'tool'
  | 'ok'
  | 'info'
  | 'warn'
  | 'error'
  | 'danger'
  // markdown in answers
  | 'heading'
  | 'code'
  | 'link'
  | 'quote'
  // syntax highlighting in code fences and JSON results
  | 'syntax-keyword'
  | 'syntax-string'
  | 'syntax-number'
  | 'syntax-comment'
  | 'syntax-title'
  | 'syntax-type'
  | 'syntax-attr'
  | 'syntax-meta';

/** Colours for each tone; `undefined` means the terminal's default. */
export interface Theme {
  /** False under NO_COLOR: every tone maps to no colour. */
  readonly color: boolean;
  tone(tone: Tone | undefined): string | undefined;
}

const PALETTE: Readonly<Record<Tone, string | undefined>> = {
  text: undefined,
  muted: 'gray',
  accent: 'cyan',
  focus: 'cyanBright',
  border: 'gray',
  user: 'blueBright',
  assistant: undefined,
  tool: 'magenta',
  ok: 'green',
  info: 'cyan',
  warn: 'yellow',
  error: 'red',
  danger: 'redBright',
  heading: 'blueBright',
  code: 'yellow',
  link: 'blue',
  quote: 'gray',
  'syntax-keyword': 'magenta',
  'syntax-string': 'green',
  'syntax-number': 'yellow',
  'syntax-comment': 'gray',
  'syntax-title': 'blueBright',
  'syntax-type': 'cyan',
  'syntax-attr': 'cyan',
  'syntax-meta': 'yellow',
};

/** The theme; `noColor` (from NO_COLOR) drops every colour. */
export function createTheme(noColor = false): Theme {
  return noColor ? {color: false, tone: () => undefined} : {color: true, tone: (t) => (t ? PALETTE[t] : undefined)};
}

/** NO_COLOR is honoured when set to anything but the empty string (no-color.org). */
export function noColorRequested(env: NodeJS.ProcessEnv): boolean {
  return env.NO_COLOR !== undefined && env.NO_COLOR !== '';
}
