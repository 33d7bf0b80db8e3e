// The arguments of a call by hand (or of a prompt) while they are typed.
// A flat input schema gets the elicitation form (fields, defaults, bounds,
// choices: schema-form.ts and form-state.ts, reused as they are); a nested
// one gets a JSON editor whose text is checked against the schema. Ctrl-T
// switches a flat form to JSON and back, carrying the values across.
import type {Key} from 'ink';
import {argumentProblem} from '../../hub/input-check.js';
import {editLine, type EditorState} from '../text/line-editor.js';
import {safeStringify} from '../../util/safe-json.js';
import {editFocused, initialForm, moveFocus, submitForm, type FormState} from './form-state.js';
import {formFields, type FormField} from './schema-form.js';

/** Fields, or the whole arguments object as JSON. */
export type ArgFormState =
  | {readonly mode: 'fields'; readonly form: FormState}
  | {readonly mode: 'json'; readonly editor: EditorState; readonly problem?: string; readonly flat: boolean};

/** Whether the elicitation form can hold every property of `schema`. */
export function isFlat(fields: readonly FormField[]): boolean {
  return fields.every((f) => f.kind !== 'unsupported');
}

/** The starting form for a schema: fields when flat, else JSON (`{}`). */
export function initialArgs(schema: Record<string, unknown>): ArgFormState {
  const fields = formFields(schema);
  return isFlat(fields) ? {mode: 'fields', form: initialForm(fields)} : {mode: 'json', editor: {value: '{}', cursor: 1}, flat: false};
}

/** The starting form holding `values` (arguments given with `/call`). */
export function filledArgs(schema: Record<string, unknown>, values: Record<string, unknown>): ArgFormState {
  const s = initialArgs(schema);
  if (s.mode === 'fields') return {...s, form: withValues(s.form, values)};
  const text = safeStringify(values);
  return {...s, editor: {value: text, cursor: text.length}};
}

/** The arguments to send, or the state showing why not. */
export function argsToSend(s: ArgFormState, schema: Record<string, unknown>): {args: Record<string, unknown>} | {state: ArgFormState} {
  if (s.mode === 'fields') {
    const r = submitForm(s.form);
    return r.content ? {args: r.content} : {state: {...s, form: r.state}};
  }
  const parsed = parseJson(s.editor.value);
  if ('problem' in parsed) return {state: {...s, problem: parsed.problem}};
  const problem = argumentProblem(schema, parsed.value);
  return problem ? {state: {...s, problem: `does not match the input schema: ${problem}`}} : {args: parsed.value};
}

/** Ctrl-T: fields → JSON of what is filled in; JSON → fields holding the JSON's values. */
export function toggleMode(s: ArgFormState, schema: Record<string, unknown>): ArgFormState {
  if (s.mode === 'fields') {
    const r = submitForm(s.form);
    const text = safeStringify(r.content ?? partial(s.form));
    return {mode: 'json', editor: {value: text, cursor: text.length}, flat: true};
  }
  if (!s.flat) return {...s, problem: 'this schema has nested values: it can only be written as JSON'};
  const parsed = parseJson(s.editor.value);
  if ('problem' in parsed) return {...s, problem: parsed.problem};
  return {mode: 'fields', form: withValues(initialForm(formFields(schema)), parsed.value)};
}

/** One key for the form: fields go to the focused field; JSON to the editor (Enter is ignored: Ctrl-S sends). */
export function editArgs(s: ArgFormState, input: string, key: Key, schema: Record<string, unknown>): ArgFormState {
  if (s.mode === 'fields') return {...s, form: editFocused(s.form, input, key).state};
  if (key.return) return s;
  const editor = editLine(s.editor, input, key).state;
  if (editor === s.editor) return s;
  const parsed = parseJson(editor.value);
  const problem = 'problem' in parsed ? parsed.problem : argumentProblem(schema, parsed.value);
  return {...s, editor, problem: problem === undefined ? undefined : 'problem' in parsed ? problem : `does not match the input schema: ${problem}`};
}

/** A prompt's arguments as a form: one text field each (prompt arguments are strings). */
export function promptArgs(args: ReadonlyArray<{name: string; title?: string; description?: string; required?: boolean}>, values: Record<string, string> = {}): ArgFormState {
  const schema = {
    type: 'object',
    properties: Object.fromEntries(args.map((a) => [a.name, {type: 'string', ...(a.title ? {title: a.title} : {}), ...(a.description ? {description: a.description} : {})}])),
    required: args.filter((a) => a.required).map((a) => a.name),
  };
  return {mode: 'fields', form: withValues(initialForm(formFields(schema)), values)};
}

/** Tab / Shift-Tab between fields. */
export function moveArgs(s: ArgFormState, step: 1 | -1): ArgFormState {
  return s.mode === 'fields' ? {...s, form: moveFocus(s.form, step)} : s;
}

/** Puts `value` into the focused text field (a completion taken). */
export function fillFocused(s: ArgFormState, value: string): ArgFormState {
  if (s.mode !== 'fields') return s;
  const v = s.form.values[s.form.focus];
  if (v?.kind !== 'text') return s;
  return {...s, form: {...s.form, values: s.form.values.map((old, i) => (i === s.form.focus ? {kind: 'text', editor: {value, cursor: value.length}} : old))}};
}

/** The text fields' values by key (the context of a completion request). */
export function textValues(form: FormState): Record<string, string> {
  const out: Record<string, string> = {};
  form.fields.forEach((f, i) => {
    const v = form.values[i];
    if (v?.kind === 'text' && v.editor.value !== '') out[f.key] = v.editor.value;
  });
  return out;
}

function parseJson(text: string): {value: Record<string, unknown>} | {problem: string} {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return {problem: `not JSON yet: ${(err as Error).message}`};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {problem: 'the arguments must be a JSON object ({…})'};
  return {value: value as Record<string, unknown>};
}

// What is typed so far, as JSON values, whether or not the form would send.
function partial(form: FormState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  form.fields.forEach((f, i) => {
    const v = form.values[i];
    if (v?.kind === 'text' && v.editor.value !== '') out[f.key] = f.kind === 'number' && Number.isFinite(Number(v.editor.value)) ? Number(v.editor.value) : v.editor.value;
    if (v?.kind === 'boolean') out[f.key] = v.on;
    if (v?.kind === 'select' && f.kind === 'select' && v.index >= 0) out[f.key] = f.choices[v.index]!.value;
    if (v?.kind === 'multi' && f.kind === 'multi' && v.picked.length) out[f.key] = v.picked.map((p) => f.choices[p]!.value);
  });
  return out;
}

function withValues(form: FormState, obj: Record<string, unknown>): FormState {
  const values = form.fields.map((f, i) => {
    const old = form.values[i]!;
    if (!Object.hasOwn(obj, f.key)) return old;
    const v = obj[f.key];
    if (old.kind === 'text' && (typeof v === 'string' || typeof v === 'number')) return {kind: 'text' as const, editor: {value: String(v), cursor: String(v).length}};
    if (old.kind === 'boolean' && typeof v === 'boolean') return {kind: 'boolean' as const, on: v};
    if (old.kind === 'select' && f.kind === 'select') return {kind: 'select' as const, index: f.choices.findIndex((c) => c.value === v)};
    if (old.kind === 'multi' && f.kind === 'multi' && Array.isArray(v)) return {...old, picked: f.choices.flatMap((c, j) => (v.includes(c.value) ? [j] : []))};
    return old;
  });
  return {...form, values};
}
