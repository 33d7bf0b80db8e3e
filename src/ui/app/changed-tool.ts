// A tool changed since it was pinned asks at every call until it is trusted
// (`onToolChange: "ask"`, see `asksEveryCall`): "always allow" would change
// nothing, so neither approval offers it, and its key says why instead of
// running the call or doing nothing.

/** What the "always" key says for such a tool. */
export const noAlwaysForChanged = (name: string): string =>
  `"always" is not offered for ${name}: it changed since pinned and asks at every call until you trust it (/trust ${name}); press y for once or n`;
