// Binary payloads in results (images, audio, embedded blobs) arrive as base64
// text. Their size is known from the length alone; their validity needs one
// linear scan, done only for what may be forwarded.

/** Image types the model APIs we target accept inline (Anthropic and OpenAI alike). */
export const MODEL_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Bytes that `base64` decodes to (exact for valid, padded input). */
export function decodedBytes(base64: string): number {
  const pad = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - pad);
}

/**
 * Why `data` is not standard base64 (the alphabet, `=` padding only at the
 * end, a length divisible by 4), or undefined when it is. One pass, no regex.
 */
export function base64Problem(data: string): string | undefined {
  const n = data.length;
  if (n === 0) return 'the data is empty';
  if (n % 4 !== 0) return `its length (${n}) is not a multiple of 4`;
  for (let i = 0; i < n; i++) {
    const c = data.charCodeAt(i);
    const ok = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2f;
    if (ok) continue;
    if (c === 0x3d && i >= n - 2 && (i === n - 1 || data.charCodeAt(n - 1) === 0x3d)) continue;
    return `character ${i + 1} (${c === 0x3d ? '"="' : `U+${c.toString(16).toUpperCase().padStart(4, '0')}`}) is not base64`;
  }
  return undefined;
}

/** "1.2 MB", "340 KB", "12 bytes": sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
