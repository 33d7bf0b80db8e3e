// What the keys of a server's request do: edit and send the form, answer a
// link or sampling request. Answers name the request they were shown for, so a
// key pressed twice can never answer the next request in the queue.
import type {Key} from 'ink';
import type {InputAnswer} from '../../agent/client-features.js';
import type {InputRequestView} from '../../state/app-state.js';
import type {FormHolder} from '../forms/form-holder.js';
import {editFocused, moveFocus, onLastField, submitForm, type FormState} from '../forms/form-state.js';
import type {KeyCommandId} from '../keys/key-table.js';

/** The request on screen, its form, and how to answer it. */
export interface InputTarget {
  request(): InputRequestView | undefined;
  form(): FormHolder | undefined;
  answer(requestId: string, answer: InputAnswer): void;
  /** Declines what `alias` asks, now and for the rest of the session. */
  declineAll(alias: string): void;
}

type InputCommandId = Extract<KeyCommandId, `form-${string}` | `url-${string}` | `sampling-${string}` | `login-${string}`>;

/** The handlers of the form, link and sampling layers. */
export function inputHandlers(t: InputTarget): Readonly<Record<InputCommandId, (input: string, key: Key) => void>> {
  const answer = (action: InputAnswer['action']) => () => {
    const r = t.request();
    if (r) t.answer(r.requestId, {action});
  };
  const declineAll = () => {
    const r = t.request();
    if (r) t.declineAll(r.alias);
  };
  const update = (f: (s: FormState) => FormState) => {
    const h = t.form();
    if (h) h.set(f(h.get()));
  };
  const submit = () => {
    const h = t.form();
    if (!h) return;
    const r = submitForm(h.get());
    if (r.content) t.answer(h.requestId, {action: 'accept', content: r.content});
    else h.set(r.state);
  };
  const enter = () => (onLastField(t.form()?.get() ?? {fields: [], values: [], focus: 0}) ? submit() : update((s) => moveFocus(s, 1)));
  return {
    'form-accept': submit,
    'form-decline': answer('decline'),
    'form-decline-all': declineAll,
    'form-cancel': answer('cancel'),
    'form-enter': enter,
    'form-next': () => update((s) => moveFocus(s, 1)),
    'form-prev': () => update((s) => moveFocus(s, -1)),
    'form-edit': (input, key) => {
      const h = t.form();
      if (!h) return;
      const r = editFocused(h.get(), input, key);
      h.set(r.state);
      if (r.enter) enter();
    },
    'url-open': answer('accept'),
    'url-decline': answer('decline'),
    'url-decline-all': declineAll,
    'url-cancel': answer('cancel'),
    'sampling-allow': answer('accept'),
    'sampling-deny': answer('decline'),
    'sampling-decline-all': declineAll,
    'sampling-cancel': answer('cancel'),
    'login-open': answer('accept'),
    'login-paste': (input) => {
      const r = t.request();
      if (r) t.answer(r.requestId, {action: 'accept', content: {redirect: input.trim()}});
    },
    'login-cancel': answer('cancel'),
  };
}
