// The fields of an elicitation form, read from the server's requestedSchema
// (MCP allows a flat object of primitive properties). Labels, descriptions and
// choice titles are server text: they are made safe here, once, so the view
// never draws a raw one. Keys and choice values stay as sent: they go back.
import {safeLine} from '../text/safe.js';

/** A value a choice sends back. */
export type ChoiceValue = string | number | boolean;

/** One option of a select. */
export interface Choice {
  value: ChoiceValue;
  label: string;
}

/** String formats MCP allows; each is shown as a hint and checked lightly. */
export type TextFormat = 'email' | 'uri' | 'date' | 'date-time';

interface Base {
  /** The property name, as sent (not for drawing). */
  key: string;
  /** Title (or the key), safe to draw. */
  label: string;
  description: string;
  required: boolean;
}

/** One field of the form. */
export type FormField =
  | (Base & {kind: 'text'; minLength?: number; maxLength?: number; format?: TextFormat; initial: string})
  | (Base & {kind: 'number'; integer: boolean; minimum?: number; maximum?: number; initial: string})
  | (Base & {kind: 'boolean'; initial: boolean})
  | (Base & {kind: 'select'; choices: Choice[]; initial: number})
  | (Base & {kind: 'multi'; choices: Choice[]; minItems?: number; maxItems?: number; initial: number[]})
  | (Base & {kind: 'unsupported'; type: string});

/** Server text longer than this is cut before anything measures it. */
const MAX_TEXT = 500;
const FORMATS: readonly string[] = ['email', 'uri', 'date', 'date-time'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChoiceValue = (v: unknown): v is ChoiceValue => typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
/** Server text made safe to draw, and bounded. */
export const clip = (v: unknown): string => safeLine(String(v).slice(0, MAX_TEXT));

/** The fields of `schema`, in the server's property order. */
export function formFields(schema: Readonly<Record<string, unknown>> | undefined): FormField[] {
  const props = isObject(schema?.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required.filter((k) => typeof k === 'string') : []);
  return Object.entries(props).map(([key, raw]) => {
    const p = isObject(raw) ? raw : {};
    const base: Base = {key, label: clip(typeof p.title === 'string' && p.title.trim() ? p.title : key), description: typeof p.description === 'string' ? clip(p.description) : '', required: required.has(key)};
    return fieldOf(base, p);
  });
}

function fieldOf(base: Base, p: Record<string, unknown>): FormField {
  if (p.type === 'array') {
    const choices = choicesOf(isObject(p.items) ? p.items : {});
    if (!choices.length) return {...base, kind: 'unsupported', type: 'array'};
    const initial = Array.isArray(p.default) ? choices.flatMap((c, i) => (p.default as unknown[]).includes(c.value) ? [i] : []) : [];
    return {...base, kind: 'multi', choices, minItems: count(p.minItems), maxItems: count(p.maxItems), initial};
  }
  const choices = choicesOf(p);
  if (choices.length) return {...base, kind: 'select', choices, initial: choices.findIndex((c) => c.value === p.default)};
  switch (p.type) {
    case 'string':
      return {...base, kind: 'text', minLength: count(p.minLength), maxLength: count(p.maxLength), format: FORMATS.includes(p.format as string) ? (p.format as TextFormat) : undefined, initial: typeof p.default === 'string' ? clip(p.default) : ''};
    case 'number':
    case 'integer':
      return {...base, kind: 'number', integer: p.type === 'integer', minimum: num(p.minimum), maximum: num(p.maximum), initial: num(p.default) === undefined ? '' : String(p.default)};
    case 'boolean':
      return {...base, kind: 'boolean', initial: p.default === true};
    default:
      return {...base, kind: 'unsupported', type: clip(typeof p.type === 'string' ? p.type : 'unknown')};
  }
}

/** Choices from `enum` (+ legacy `enumNames`) or from `oneOf`/`anyOf` of `{const, title}`. */
function choicesOf(p: Record<string, unknown>): Choice[] {
  if (Array.isArray(p.enum)) {
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    return p.enum.flatMap((value, i) => (isChoiceValue(value) ? [{value, label: clip(typeof names[i] === 'string' ? names[i] : value)}] : []));
  }
  const list = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : [];
  return list.flatMap((o) => (isObject(o) && isChoiceValue(o.const) ? [{value: o.const, label: clip(typeof o.title === 'string' ? o.title : o.const)}] : []));
}

/** What the field accepts, in a few words ("email", "integer 1–100", "1–3 choices"). */
export function fieldHint(f: FormField): string {
  const range = (lo: number | undefined, hi: number | undefined, unit = '') =>
    lo !== undefined && hi !== undefined ? `${lo}–${hi}${unit}` : lo !== undefined ? `≥ ${lo}${unit}` : hi !== undefined ? `≤ ${hi}${unit}` : '';
  const join = (...parts: string[]) => parts.filter(Boolean).join(', ');
  switch (f.kind) {
    case 'text':
      return join(f.format ? FORMAT_HINT[f.format] : '', range(f.minLength, f.maxLength, ' characters'));
    case 'number':
      return `${f.integer ? 'whole number' : 'number'}${range(f.minimum, f.maximum) ? ` ${range(f.minimum, f.maximum)}` : ''}`;
    case 'boolean':
      return 'Space toggles';
    case 'select':
      return `←→ choose one of ${f.choices.length}`;
    case 'multi':
      return join('←→ move, Space picks', range(f.minItems, f.maxItems, ' choices'));
    case 'unsupported':
      return `type ${f.type}: cannot be filled in here`;
  }
}

/** How each format reads in a hint. */
export const FORMAT_HINT: Readonly<Record<TextFormat, string>> = {
  email: 'email',
  uri: 'URI',
  date: 'date YYYY-MM-DD',
  'date-time': 'date-time 2026-01-31T09:30:00Z',
};
