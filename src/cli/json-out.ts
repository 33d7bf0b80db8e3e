import {safeStringify} from '../util/safe-json.js';

/**
 * JSON for a terminal: `JSON.stringify` escapes C0 controls but writes DEL
 * and the C1 range (U+007F–U+009F, e.g. U+009B, an 8-bit CSI) raw, and some
 * terminals act on those. Escaping them as `\u009b` gives the same value to a
 * JSON reader and nothing to act on for a terminal.
 */
export function jsonForTerminal(value: unknown, space?: number): string {
  return safeStringify(value, {space}).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
