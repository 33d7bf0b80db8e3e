// Keys pasted from other clients' configs (`timeout`, `alwaysAllow`,
// `startup_timeout_sec`, …), read through the one table of other clients'
// keys. None is ignored in silence: a key breakerbox can honour is turned into
// its breakerbox equivalent with a warning that names it (so the user can
// write it the breakerbox way), a key it cannot honour is a problem of that
// one entry, and a key without an equivalent gets a warning saying so.
import {KEY_VARIANTS, type KeyVariant} from './other-client-keys.js';
import {CLIENT_NAMES} from './other-clients.js';

/** What a pasted entry's other-client keys amount to. */
export interface Borrowed {
  /** breakerbox keys to use where the entry does not set them itself. */
  values: Record<string, unknown>;
  /** One sentence per key, for the server's warning line. */
  warnings: string[];
  /** Keys that cannot be honoured: the entry cannot start, with these reasons (by key). */
  problems: Array<{key: string; message: string}>;
}

/** Keys breakerbox honours in place, because they say what to start or what to expose. */
const APPLIED = new Set(['timeout', 'startup_timeout_sec', 'startup_timeout_ms', 'tool_timeout_sec', 'alwaysAllow', 'enabled', 'enabled_tools', 'disabled_tools', 'disabledTools']);
/** Harmless keys that need no word (a label). */
const QUIET = new Set(['description']);
/** Keys that only Cline writes, so a `timeout` beside them is in seconds. */
const CLINE_ONLY = ['alwaysAllow', 'transportType'];
/** Keys that only Gemini CLI writes, so a `timeout` beside them is in milliseconds. */
const GEMINI_ONLY = ['trust', 'httpUrl', 'oauth', 'authProviderType'];

/** Whether `key` is one the table knows (then it is not an unknown key). */
export function isBorrowedKey(key: string): boolean {
  return key !== 'url' && KEY_VARIANTS.some((v) => v.key === key);
}

/** Reads every other-client key of `entry`. */
export function borrowKeys(entry: Record<string, unknown>): Borrowed {
  const out: Borrowed = {values: {}, warnings: [], problems: []};
  for (const key of Object.keys(entry)) {
    if (!isBorrowedKey(key) || QUIET.has(key)) continue;
    const variant = key === 'timeout' ? timeoutVariant(entry) : KEY_VARIANTS.find((v) => v.key === key)!;
    const value = entry[key];
    const target = variant.breakerboxKey;
    if (!target || !APPLIED.has(key)) {
      const message = target ? `"${key}" is ${clients(variant)}'s key: ${variant.note}` : `"${key}" (${clients(variant)}) has no breakerbox equivalent: ${variant.note}`;
      // A key that says where the server is or what it gets cannot be skipped: the server would start wrong.
      if (target) out.problems.push({key, message});
      else out.warnings.push(message);
      continue;
    }
    const converted = variant.convert ? variant.convert(value) : value;
    if (converted === undefined) {
      out.problems.push({key, message: `${JSON.stringify(value)} cannot be read as ${clients(variant)}'s "${key}": ${variant.note}`});
      continue;
    }
    if (key === 'alwaysAllow') {
      // Cline's name for the same list: simply a synonym, merged with autoApprove.
      const own = Array.isArray(entry.autoApprove) ? (entry.autoApprove as unknown[]) : [];
      out.values.autoApprove = [...new Set([...own, ...(converted as string[])])];
      continue;
    }
    if (Object.hasOwn(entry, target)) {
      out.warnings.push(`"${key}" ignored: "${target}" is set too (${variant.note})`);
      continue;
    }
    out.values[target] = converted;
    out.warnings.push(`${describe(key, value, variant, converted)}: write "${target}": ${JSON.stringify(converted)}`);
  }
  return out;
}

/**
 * `timeout` means milliseconds to Claude Code and Gemini CLI and seconds to
 * Cline. A sibling key only one of them writes decides; otherwise the size
 * does: nobody means a per-call limit under a second, and Cline's own
 * choices run from 30 s to an hour (values up to 3600).
 */
function timeoutVariant(entry: Record<string, unknown>): KeyVariant {
  const rows = KEY_VARIANTS.filter((v) => v.key === 'timeout');
  const seconds = rows.find((v) => v.unit === 's')!;
  const millis = rows.find((v) => v.unit === 'ms')!;
  if (CLINE_ONLY.some((k) => Object.hasOwn(entry, k))) return seconds;
  if (GEMINI_ONLY.some((k) => Object.hasOwn(entry, k))) return millis;
  const n = typeof entry.timeout === 'string' ? Number(entry.timeout) : entry.timeout;
  return typeof n === 'number' && n < 1000 ? seconds : millis;
}

function describe(key: string, value: unknown, variant: KeyVariant, converted: unknown): string {
  if (key === 'timeout') {
    const other = variant.unit === 's' ? 'Claude Code and Gemini CLI write milliseconds' : 'Cline writes seconds';
    return `"timeout": ${JSON.stringify(value)} read as ${variant.unit === 's' ? `${value} s (${clients(variant)}'s unit; ${other})` : `${value} ms (${clients(variant)}'s unit; ${other})`}`;
  }
  if (variant.unit) return `"${key}": ${JSON.stringify(value)} read as ${converted} ms (${clients(variant)} writes ${variant.unit === 's' ? 'seconds' : 'milliseconds'})`;
  return `"${key}" read as ${clients(variant)} means it`;
}

function clients(v: KeyVariant): string {
  return v.clients.map((c) => CLIENT_NAMES[c]).join(' and ');
}
