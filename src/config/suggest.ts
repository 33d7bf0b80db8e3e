// "Did you mean" for config keys. Unknown keys are kept for forward
// compatibility, so only a key that is clearly a slip of a known key is an
// error: the same key in another case or with `_`/`-` (autoapprove,
// auto_approve), a known synonym (environment, arguments, cmd), or within a
// small edit distance that shrinks for short keys so that, say, `tags` is not
// mistaken for `args`.

/** Optimal-string-alignment distance: insert, delete, substitute, swap neighbours. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return 4; // callers never accept more than 2
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2][j - 2] + 1);
      d[i][j] = v;
    }
  }
  return d[a.length][b.length];
}

const norm = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');

/** The known key `key` was probably meant to be, if any. `synonyms` maps other spellings to known keys. */
export function suggestKey(key: string, known: readonly string[], synonyms: Readonly<Record<string, string>> = {}): string | undefined {
  if (key.length > 40) return undefined;
  const n = norm(key);
  const limit = n.length <= 4 ? 1 : 2;
  let best: {key: string; distance: number} | undefined;
  const consider = (candidate: string, target: string): void => {
    const distance = editDistance(n, norm(candidate));
    if (distance <= limit && (!best || distance < best.distance)) best = {key: target, distance};
  };
  for (const k of known) consider(k, k);
  for (const [alt, k] of Object.entries(synonyms)) consider(alt, k);
  return best?.key;
}
