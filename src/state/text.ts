// Bounding untrusted text before it is kept: a server may send megabytes on
// one line, and the state must stay small whatever it sends.

/** `text` cut to at most `max` characters, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return text.slice(0, Math.max(0, max));
  let cut = max - 1;
  // Never split a surrogate pair: half an emoji renders as garbage.
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `${text.slice(0, cut)}…`;
}
