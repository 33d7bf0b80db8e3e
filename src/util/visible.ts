// Invisible characters made visible, beside the sanitiser (sanitize.ts): the
// sanitiser removes what a terminal would act on; this shows what a reader
// cannot see but a model reads. Unicode tag characters (U+E0000–U+E007F)
// spell ASCII that no font draws; zero-width and bidi format characters hide
// or reorder text. Each becomes `⟨U+XXXX⟩`, so a warning can point at it.

/** A Unicode tag character: invisible, read by models as the ASCII it encodes. */
export function isTagCharacter(cp: number): boolean {
  return cp >= 0xe0000 && cp <= 0xe007f;
}

/** Zero-width characters and bidi format characters (invisible, or reordering what is shown). */
export function isInvisibleFormat(cp: number): boolean {
  return (
    (cp >= 0x200b && cp <= 0x200f) || // zero-width space, non-joiner, joiner; LRM, RLM
    (cp >= 0x202a && cp <= 0x202e) || // embeddings and overrides
    (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
    (cp >= 0x2066 && cp <= 0x2069) || // isolates
    cp === 0x061c || cp === 0x180e || cp === 0xfeff
  );
}

/** `U+E0041` for a code point. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The text with every tag, zero-width and bidi format character written as `⟨U+XXXX⟩`. */
export function showInvisible(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += isTagCharacter(cp) || isInvisibleFormat(cp) ? `⟨${codePointName(cp)}⟩` : ch;
  }
  return out;
}

/** The text without tag characters, and how many there were. */
export function stripTagCharacters(text: string): {text: string; removed: number} {
  // Tag characters are astral (a surrogate pair starting U+DB40): most text has none.
  if (!text.includes('\u{DB40}')) return {text, removed: 0};
  let removed = 0;
  let out = '';
  for (const ch of text) {
    if (isTagCharacter(ch.codePointAt(0)!)) removed++;
    else out += ch;
  }
  return {text: out, removed};
}
