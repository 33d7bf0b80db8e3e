// An open form as a pure function of (state, key): which field has focus,
// what each field holds, and the message of the last refused submit.
import type {Key} from 'ink';
import {editLine} from '../text/line-editor.js';
import {checkForm, type FieldValue} from './form-check.js';
import type {FormField} from './schema-form.js';

/** The form while the user fills it in. */
export interface FormState {
  readonly fields: readonly FormField[];
  readonly values: readonly FieldValue[];
  readonly focus: number;
  /** Why the last submit was refused (or a choice was refused), and which field. */
  readonly error?: {readonly field: number; readonly message: string};
}

/** What a key did to the form. */
export interface FormEdit {
  state: FormState;
  /** The key was Enter (a paste ending in one): move on, or submit on the last field. */
  enter: boolean;
}

/** The form with every default filled in and the first field focused. */
export function initialForm(fields: readonly FormField[]): FormState {
  const values = fields.map((f): FieldValue => {
    switch (f.kind) {
      case 'text':
      case 'number':
        return {kind: 'text', editor: {value: f.initial, cursor: f.initial.length}};
      case 'boolean':
        return {kind: 'boolean', on: f.initial};
      case 'select':
        return {kind: 'select', index: f.initial};
      case 'multi':
        return {kind: 'multi', picked: f.initial, cursor: 0};
      case 'unsupported':
        return {kind: 'none'};
    }
  });
  return {fields, values, focus: 0};
}

/** Focus on the next (1) or previous (-1) field, wrapping around. */
export function moveFocus(s: FormState, step: 1 | -1): FormState {
  const n = s.fields.length;
  return n < 2 ? s : {...s, focus: (s.focus + step + n) % n};
}

/** Whether focus is on the last field (Enter there submits). */
export const onLastField = (s: FormState): boolean => s.focus >= s.fields.length - 1;

/** Applies a key to the focused field: text is edited, ←→ and Space choose or toggle. */
export function editFocused(s: FormState, input: string, key: Key): FormEdit {
  const f = s.fields[s.focus];
  const v = s.values[s.focus];
  const set = (value: FieldValue, error = s.error?.field === s.focus ? undefined : s.error): FormEdit => ({
    state: {...s, values: s.values.map((old, i) => (i === s.focus ? value : old)), error},
    enter: false,
  });
  const same: FormEdit = {state: s, enter: key.return === true};
  if (!f || !v) return same;
  const space = input === ' ' && !key.ctrl && !key.meta;
  if (v.kind === 'text') {
    const r = editLine(v.editor, input, key);
    return r.state === v.editor ? {state: s, enter: r.submit} : {...set({kind: 'text', editor: r.state}), enter: r.submit};
  }
  if (v.kind === 'boolean') {
    if (space || key.leftArrow || key.rightArrow) return set({kind: 'boolean', on: !v.on});
    if (input === 'y' || input === 'n') return set({kind: 'boolean', on: input === 'y'});
    return same;
  }
  if (v.kind === 'select' && f.kind === 'select') {
    const step = key.leftArrow ? -1 : key.rightArrow || space ? 1 : 0;
    if (step === 0) return same;
    // An optional field can go back to "nothing chosen" (index -1).
    const first = f.required ? 0 : -1;
    const span = f.choices.length - first;
    return set({kind: 'select', index: ((v.index - first + step + span) % span) + first});
  }
  if (v.kind === 'multi' && f.kind === 'multi') {
    if (key.leftArrow || key.rightArrow) {
      const cursor = Math.max(0, Math.min(f.choices.length - 1, v.cursor + (key.leftArrow ? -1 : 1)));
      return cursor === v.cursor ? same : {state: {...s, values: s.values.map((old, i) => (i === s.focus ? {...v, cursor} : old))}, enter: false};
    }
    if (!space) return same;
    const on = v.picked.includes(v.cursor);
    if (!on && f.maxItems !== undefined && v.picked.length >= f.maxItems) {
      return {state: {...s, error: {field: s.focus, message: `“${f.label}” takes at most ${f.maxItems} choice${f.maxItems === 1 ? '' : 's'}: unpick one first`}}, enter: false};
    }
    const picked = on ? v.picked.filter((i) => i !== v.cursor) : [...v.picked, v.cursor].sort((a, b) => a - b);
    return set({...v, picked});
  }
  return same;
}

/** The content to accept with, or the state showing why not (focus on the field at fault). */
export function submitForm(s: FormState): {state: FormState; content?: Record<string, unknown>} {
  const r = checkForm(s.fields, s.values);
  if (r.ok) return {state: s.error ? {...s, error: undefined} : s, content: r.content};
  return {state: {...s, focus: r.field, error: {field: r.field, message: r.message}}};
}
