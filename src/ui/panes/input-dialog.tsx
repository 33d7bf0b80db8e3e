// A server's request to the user: a form (elicitation), a link to open
// (URL elicitation) or a prompt for the model (sampling). The keys are handled
// by the key router; the form's state comes from its holder, so typing
// re-renders this dialog only.
import React, {memo, useSyncExternalStore} from 'react';
import type {InputRequestView} from '../../state/app-state.js';
import {Frame, innerCols, innerRows} from '../components/frame.js';
import {LinesView} from '../components/line-view.js';
import type {FormHolder} from '../forms/form-holder.js';
import {initialForm} from '../forms/form-state.js';
import {formFields} from '../forms/schema-form.js';
import type {Theme} from '../theme.js';
import {formHeight, formLines} from './form-lines.js';
import {inputLayer, inputTitle, loginLines, samplingLines, urlLines} from './input-lines.js';

/** What the dialog draws. */
export interface InputDialogProps {
  request: InputRequestView;
  /** The form of an elicitation in form mode. */
  form?: FormHolder;
  /** Requests waiting, this one included. */
  waiting: number;
  width: number;
  height: number;
  theme: Theme;
}

/** Rows the dialog needs for `request` (border included); the layout may give it fewer. */
export function inputDialogHeight(request: InputRequestView, form: FormHolder | undefined, waiting: number, width: number): number {
  const w = innerCols(width);
  const layer = inputLayer(request);
  if (layer === 'form') return formHeight(request, form ? form.get().fields.length : formFields(request.schema).length, w, waiting);
  return (layer === 'url' ? urlLines(request, w, waiting) : layer === 'login' ? loginLines(request, w, waiting) : samplingLines(request, w, waiting)).length + 2;
}

const never = () => () => {};

/** The dialog of the request at the head of the queue. */
export const InputDialog = memo(function InputDialog(p: InputDialogProps): React.JSX.Element {
  const held = useSyncExternalStore(p.form?.subscribe ?? never, () => p.form?.get());
  const layer = inputLayer(p.request);
  // Without a holder (a static render) the form shows its defaults.
  const form = held ?? (layer === 'form' ? initialForm(formFields(p.request.schema)) : undefined);
  const w = innerCols(p.width);
  const rows = innerRows(p.height);
  let topRight: string | undefined;
  let lines;
  if (layer === 'form' && form) {
    const f = formLines(p.request, form, w, p.waiting, rows);
    lines = f.lines;
    if (form.fields.length > f.shown) topRight = `field ${form.focus + 1}/${form.fields.length}`;
  } else {
    lines = layer === 'url' ? urlLines(p.request, w, p.waiting, rows) : layer === 'login' ? loginLines(p.request, w, p.waiting, rows) : samplingLines(p.request, w, p.waiting, rows);
  }
  return (
    <Frame title={inputTitle(p.request)} width={p.width} height={p.height} tone="warn" topRight={topRight} theme={p.theme}>
      <LinesView lines={lines.slice(0, rows)} theme={p.theme} />
    </Frame>
  );
});
