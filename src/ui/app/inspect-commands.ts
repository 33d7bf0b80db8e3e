// What the keys of the inspector do: move and scroll a view, open what is
// highlighted, call, watch, relist, read the log; type, switch and send the
// arguments of a call or a prompt; answer the approval of a call by hand.
// Everything is read from the store (and the open form) when the key comes.
import type {Key} from 'ink';
import {pendingApproval} from '../../state/selectors.js';
import type {Store} from '../../state/store.js';
import {argsToSend, editArgs, fillFocused, moveArgs, textValues, toggleMode, type ArgFormState} from '../forms/arg-form.js';
import type {FormHolder} from '../forms/form-holder.js';
import {onLastField} from '../forms/form-state.js';
import {resourceRows} from '../../state/resource-rows.js';
import type {KeyCommandId} from '../keys/key-table.js';
import {catalogRowAt} from './rows.js';
import type {UiDriver} from './intents.js';
import {withheldFromCalls} from './run-inspect-slash.js';
import {refusesAlways} from './changed-tool.js';

type InspectCommandId = Extract<KeyCommandId, `inspect-${string}` | `arg-${string}` | `manual-${string}` | 'open-row'>;

/** What the inspector's keys need. */
export interface InspectTarget {
  store: Store;
  driver: UiDriver;
  /** The arguments of the open call or prompt view. */
  argForm(): FormHolder<ArgFormState> | undefined;
  /** Rows a page scroll moves. */
  page(): number;
}

/** The handlers of the inspector layers and of Enter on a catalog or servers row. */
export function inspectHandlers(t: InspectTarget): Readonly<Record<InspectCommandId, (input: string, key: Key) => void>> {
  const {store, driver} = t;
  const view = () => store.getState().inspect.view;
  const scroll = (delta: number) => store.dispatch({type: 'inspect/scrolled', delta});
  // In the resources list ↑↓ move the highlighted row; elsewhere they scroll.
  const move = (delta: number) => (view()?.kind === 'resources' ? store.dispatch({type: 'inspect/cursor-moved', delta}) : scroll(delta));
  const highlighted = () => {
    const s = store.getState();
    const v = s.inspect.view;
    if (v?.kind !== 'resources') return undefined;
    const rows = resourceRows(s.servers.order, s.inspect.resources, v.alias);
    return rows[Math.min(s.inspect.cursor, rows.length - 1)];
  };
  const update = (f: (s: ArgFormState) => ArgFormState) => {
    const h = t.argForm();
    if (h) h.set(f(h.get()));
    complete();
  };
  // The prompt view asks the server for values of the focused argument as it changes.
  const complete = () => {
    const v = view();
    const h = t.argForm();
    if (v?.kind !== 'prompt' || !h) return;
    const s = h.get();
    if (s.mode !== 'fields') return;
    const field = s.form.fields[s.form.focus];
    const value = s.form.values[s.form.focus];
    if (field && value?.kind === 'text') void driver.inspector?.complete(v.name, field.key, value.editor.value, textValues(s.form));
  };
  const send = () => {
    const v = view();
    const h = t.argForm();
    if (!h || (v?.kind !== 'call' && v?.kind !== 'prompt')) return;
    const entry = v.kind === 'call' ? store.getState().catalog.byName.get(v.name) : undefined;
    const r = argsToSend(h.get(), entry?.inputSchema ?? {});
    if ('state' in r) return h.set(r.state);
    if (v.kind === 'call') void driver.manual?.call(v.name, r.args);
    else void driver.inspector?.runPrompt(v.name, r.args as Record<string, string>);
  };
  const enter = () => {
    const s = t.argForm()?.get();
    if (!s || s.mode === 'json' || onLastField(s.form)) send();
    else update((x) => moveArgs(x, 1));
  };
  const schema = () => {
    const v = view();
    return (v?.kind === 'call' && store.getState().catalog.byName.get(v.name)?.inputSchema) || {};
  };
  return {
    'manual-once': () => driver.manual?.answer('once'),
    'manual-always': () => {
      const m = store.getState().inspect.manual;
      // As in the model's approval: a changed tool asks every call, so "always" is not offered.
      if (!(m && refusesAlways(store, m.name))) driver.manual?.answer('always');
    },
    'manual-deny': () => driver.manual?.answer('deny'),
    'arg-send': send,
    'arg-toggle': () => update((s) => toggleMode(s, schema())),
    'arg-back': () => {
      if (driver.manual?.busy && view()?.kind === 'call') driver.manual?.cancel();
      else driver.inspector?.close();
    },
    'arg-enter': enter,
    'arg-next': () => update((s) => moveArgs(s, 1)),
    'arg-prev': () => update((s) => moveArgs(s, -1)),
    'arg-page-up': () => scroll(-t.page()),
    'arg-page-down': () => scroll(t.page()),
    'arg-edit': (input, key) => {
      const h = t.argForm();
      if (!h) return;
      const s = h.get();
      if (key.rightArrow && s.mode === 'fields') {
        // → at the end of a field takes the first suggestion, as a shell does.
        const v = view();
        const field = s.form.fields[s.form.focus];
        const value = s.form.values[s.form.focus];
        const c = store.getState().inspect.completion;
        if (v?.kind === 'prompt' && field && value?.kind === 'text' && value.editor.cursor === value.editor.value.length && c?.key === `${v.name}\0${field.key}` && c.values[0] !== undefined && c.values[0] !== value.editor.value) {
          return update((x) => fillFocused(x, c.values[0]!));
        }
      }
      update((x) => editArgs(x, input, key, schema()));
      // Keys typed before the app read them come as one chunk: an Enter at its end still counts.
      if (input.length > 1 && /^[^\r\n]*\r$/.test(input) && t.argForm()?.get().mode === 'fields') enter();
    },
    'inspect-call': () => {
      const v = view();
      if (v?.kind !== 'tool') return;
      // The view shows withheld tools too (to review them); calling one waits for /trust, as /call does.
      if (store.getState().catalog.withheld?.some((e) => e.name === v.name)) {
        store.dispatch({type: 'notice/posted', level: 'warn', text: withheldFromCalls(v.name), at: Date.now()});
        return;
      }
      driver.inspector?.open({kind: 'call', name: v.name});
    },
    'inspect-trust': () => {
      const v = view();
      if (v?.kind === 'tool') driver.trust?.(v.name);
    },
    'inspect-open': () => {
      const row = highlighted();
      if (row) driver.inspector?.open({kind: 'resource', alias: row.alias, uri: row.resource.uri});
    },
    'inspect-watch': () => {
      const v = view();
      const target = v?.kind === 'resource' ? {alias: v.alias, uri: v.uri} : highlighted() && {alias: highlighted()!.alias, uri: highlighted()!.resource.uri};
      if (target) void driver.inspector?.toggleWatch(target.alias, target.uri);
    },
    'inspect-relist': () => {
      const v = view();
      if (v?.kind === 'server') void driver.inspector?.relist(v.alias);
    },
    'inspect-reread': () => {
      const v = view();
      if (v?.kind === 'resource') void driver.inspector?.read(v.alias, v.uri);
    },
    'inspect-logs': () => {
      const v = view();
      if (v?.kind === 'server') driver.inspector?.open({kind: 'logs', alias: v.alias});
    },
    'inspect-up': () => move(-1),
    'inspect-down': () => move(1),
    'inspect-page-up': () => move(-t.page()),
    'inspect-page-down': () => move(t.page()),
    'inspect-top': () => move(-1e9),
    'inspect-bottom': () => move(1e9),
    'inspect-back': () => driver.inspector?.close(),
    'open-row': () => {
      const s = store.getState();
      if (pendingApproval(s)) return;
      if (s.ui.focus === 'catalog') {
        const entry = catalogRowAt(s, s.ui.cursor.catalog);
        if (entry) driver.inspector?.open({kind: 'tool', name: entry.name});
      } else if (s.ui.focus === 'servers') {
        const alias = s.servers.order[s.ui.cursor.servers];
        if (alias) driver.inspector?.open({kind: 'server', alias});
      }
    },
  };
}
