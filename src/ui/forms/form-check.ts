// From what the user entered to the `content` an accepted elicitation sends:
// required fields enforced, bounds and formats checked (lightly: the server
// validates too), numbers sent as numbers. Empty optional fields are left out.
import type {EditorState} from '../text/line-editor.js';
import type {FormField, TextFormat} from './schema-form.js';
import {SLASH_COMMANDS} from '../keys/slash.js';

/** What one field holds while the form is open. */
export type FieldValue =
  | {readonly kind: 'text'; readonly editor: EditorState}
  | {readonly kind: 'boolean'; readonly on: boolean}
  /** `index` -1: nothing chosen. */
  | {readonly kind: 'select'; readonly index: number}
  /** `picked`: chosen indices in choice order; `cursor`: the highlighted choice. */
  | {readonly kind: 'multi'; readonly picked: readonly number[]; readonly cursor: number}
  | {readonly kind: 'none'};

/** The content to send, or the first field that stops it and why. */
export type CheckResult = {ok: true; content: Record<string, unknown>} | {ok: false; field: number; message: string};

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const FORMAT_OK: Readonly<Record<TextFormat, (v: string) => boolean>> = {
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uri: (v) => /^[a-zA-Z][a-zA-Z0-9+.-]*:\S+$/.test(v) && URL.canParse(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
};
const FORMAT_NAME: Readonly<Record<TextFormat, string>> = {
  email: 'an email address (name@example.com)',
  uri: 'a URI (like https://example.com)',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time (like 2026-01-31T09:30:00Z)',
};

/** Checks every field in order and builds the content. */
export function checkForm(fields: readonly FormField[], values: readonly FieldValue[]): CheckResult {
  const entries: Array<[string, unknown]> = [];
  for (let i = 0; i < fields.length; i++) {
    const r = checkField(fields[i], values[i]);
    if (typeof r === 'string') return {ok: false, field: i, message: `“${fields[i].label}” ${r}`};
    if (r !== undefined) entries.push([fields[i].key, r.value]);
  }
  // fromEntries defines own properties: a key like "__proto__" stays a plain key.
  return {ok: true, content: Object.fromEntries(entries)};
}

/** A problem (string), a value to send, or undefined to leave the field out. */
function checkField(f: FormField, v: FieldValue): string | {value: unknown} | undefined {
  if (f.kind === 'unsupported') return f.required ? `is of type ${f.type}, which cannot be filled in here: decline or cancel` : undefined;
  if (f.kind === 'boolean') return {value: v.kind === 'boolean' && v.on};
  if (f.kind === 'select') {
    const index = v.kind === 'select' ? v.index : -1;
    if (index < 0) return f.required ? 'needs a choice' : undefined;
    return {value: f.choices[index].value};
  }
  if (f.kind === 'multi') {
    const picked = v.kind === 'multi' ? v.picked : [];
    if (picked.length === 0 && !f.required) return undefined;
    const min = Math.max(f.minItems ?? 0, f.required ? 1 : 0);
    if (picked.length < min) return `needs at least ${min} choice${min === 1 ? '' : 's'}`;
    if (f.maxItems !== undefined && picked.length > f.maxItems) return `takes at most ${f.maxItems} choice${f.maxItems === 1 ? '' : 's'}`;
    return {value: picked.map((i) => f.choices[i].value)};
  }
  const text = v.kind === 'text' ? v.editor.value : '';
  if (text.trim() === '') return f.required ? 'is required' : undefined;
  return f.kind === 'text' ? checkText(f, text) : checkNumber(f, text.trim());
}

// A command typed while a dialog holds the keys lands in the form: it must
// never reach the server as an answer (the user meant breakerbox).
const SLASH_WORDS = new Set(SLASH_COMMANDS.map((c) => c.name));
const SLASH_LIKE = /^\s*\/([a-z][a-z-]*)(?:\s|$)/;

function checkText(f: Extract<FormField, {kind: 'text'}>, text: string): string | {value: string} {
  const command = SLASH_LIKE.exec(text)?.[1];
  if (command !== undefined && SLASH_WORDS.has(command)) return `holds “/${command}”, a breakerbox command, not an answer: it is not sent. Esc closes this dialog (Ctrl-D declines), then type the command`;
  const length = [...text].length;
  if (f.minLength !== undefined && length < f.minLength) return `needs at least ${f.minLength} characters`;
  if (f.maxLength !== undefined && length > f.maxLength) return `takes at most ${f.maxLength} characters`;
  if (f.format && !FORMAT_OK[f.format](text.trim())) return `must be ${FORMAT_NAME[f.format]}`;
  return {value: f.format ? text.trim() : text};
}

function checkNumber(f: Extract<FormField, {kind: 'number'}>, text: string): string | {value: number} {
  if (f.integer ? !INTEGER.test(text) : !NUMBER.test(text)) return f.integer ? 'must be a whole number' : 'must be a number';
  const n = Number(text);
  if (!Number.isFinite(n) || (f.integer && !Number.isSafeInteger(n))) return 'is out of range';
  if (f.minimum !== undefined && n < f.minimum) return `must be at least ${f.minimum}`;
  if (f.maximum !== undefined && n > f.maximum) return `must be at most ${f.maximum}`;
  return {value: n};
}
