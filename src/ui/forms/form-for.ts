// The form of the server request at the head of the queue, made once per
// request so what the user typed lives as long as the request does. The
// renderer and the keys ask the same instance, at render and at key time.
import type {InputRequestView} from '../../state/app-state.js';
import {inputLayer} from '../panes/input-lines.js';
import {createFormHolder, type FormHolder} from './form-holder.js';
import {initialForm} from './form-state.js';
import {formFields} from './schema-form.js';

/** The form of a request, by request id; only the newest is kept (the one before it was answered). */
export type FormFor = (request: InputRequestView | undefined) => FormHolder | undefined;

/** A `FormFor` with its own memory, one per app. */
export function createFormFor(): FormFor {
  let current: FormHolder | undefined;
  return (request) => {
    if (request === undefined || inputLayer(request) !== 'form') return undefined;
    // Keyed by id: the reducer may hand over a new object for the same request.
    if (current?.requestId !== request.requestId) current = createFormHolder(request.requestId, initialForm(formFields(request.schema)));
    return current;
  };
}
