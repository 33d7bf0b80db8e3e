const MAX_SHOWN = 30;

/** A config file that cannot be used; `message` is ready to print (one problem per line). */
export class ConfigError extends Error {
  readonly code = 'config' as const;
  /** Each problem on its own, already prefixed with the file name. */
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : [...problems];
    // One screen: the first problems are the ones to fix first; the rest are counted.
    const shown = list.length > MAX_SHOWN ? [...list.slice(0, MAX_SHOWN), `… and ${list.length - MAX_SHOWN} more problems`] : list;
    super(shown.join('\n'));
    this.name = 'ConfigError';
    this.problems = list;
  }
}
