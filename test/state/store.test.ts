import {describe, expect, it, vi} from 'vitest';
import {reduce} from '../../src/state/reduce.js';
import {createStore} from '../../src/state/store.js';
import {base} from './fixtures.js';

describe('createStore', () => {
  it('dispatches, notifies on change and skips no-ops', () => {
    const store = createStore(base());
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatch({type: 'ui/focus-changed', pane: 'catalog'});
    expect(store.getState().ui.focus).toBe('catalog');
    expect(listener).toHaveBeenCalledTimes(1);
    const before = store.getState();
    store.dispatch({type: 'ui/focus-changed', pane: 'catalog'});
    store.dispatch({type: 'model/text-delta', text: ''});
    expect(store.getState()).toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('unsubscribes, also during notification', () => {
    const store = createStore(base());
    const calls: string[] = [];
    let unsubB: () => void = () => {};
    store.subscribe(() => {
      calls.push('a');
      unsubB();
    });
    unsubB = store.subscribe(() => calls.push('b'));
    store.dispatch({type: 'ui/resized', columns: 100, rows: 30});
    store.dispatch({type: 'ui/resized', columns: 101, rows: 30});
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('dispatchAll notifies once, and not at all when nothing changed', () => {
    const store = createStore(base());
    const listener = vi.fn();
    store.subscribe(listener);
    store.dispatchAll([
      {type: 'user/submitted', text: 'hi'},
      {type: 'model/text-delta', text: 'a'},
      {type: 'model/text-delta', text: 'b'},
    ]);
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispatchAll([{type: 'model/text-delta', text: ''}]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('listeners see the new state and may dispatch', () => {
    const store = createStore(base());
    const seen: string[] = [];
    store.subscribe(() => {
      const s = store.getState();
      seen.push(s.ui.focus);
      if (s.ui.focus === 'catalog') store.dispatch({type: 'ui/focus-changed', pane: 'servers'});
    });
    store.dispatch({type: 'ui/focus-changed', pane: 'catalog'});
    expect(seen).toEqual(['catalog', 'servers']);
    expect(store.getState().ui.focus).toBe('servers');
  });
});

describe('reduce', () => {
  it('ignores event types it does not know', () => {
    const s = base();
    expect(reduce(s, {type: 'future/thing'} as never)).toBe(s);
  });
});
