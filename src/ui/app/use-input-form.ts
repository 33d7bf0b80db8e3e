// The form of the request at the head of the queue, made once per request so
// what the user typed lives as long as the request does.
import {useMemo} from 'react';
import type {InputRequestView} from '../../state/app-state.js';
import {createFormHolder, type FormHolder} from '../forms/form-holder.js';
import {initialForm} from '../forms/form-state.js';
import {formFields} from '../forms/schema-form.js';
import {inputLayer} from '../panes/input-lines.js';

/** The holder of `request`'s form; undefined for no request, a link or a sampling request. */
export function useInputForm(request: InputRequestView | undefined): FormHolder | undefined {
  const id = request?.requestId;
  const isForm = request !== undefined && inputLayer(request) === 'form';
  // Keyed by id: the reducer may hand over a new object for the same request.
  return useMemo(() => (isForm ? createFormHolder(request.requestId, initialForm(formFields(request.schema))) : undefined), [id, isForm]);
}
