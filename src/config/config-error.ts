/** A config file that cannot be used; `message` is ready to print (one problem per line). */
export class ConfigError extends Error {
  readonly code = 'config' as const;
  /** Each problem on its own, already prefixed with the file name. */
  readonly problems: readonly string[];

  constructor(problems: string | readonly string[]) {
    const list = typeof problems === 'string' ? [problems] : [...problems];
    super(list.join('\n'));
    this.name = 'ConfigError';
    this.problems = list;
  }
}
