import {describe, expect, it} from 'vitest';
import {coalesced} from '../../src/ui/app/use-app-state.js';
import {initialState} from '../../src/state/app-state.js';
import {createStore} from '../../src/state/store.js';
import {waitFor} from '../helpers/wait.js';

describe('the UI subscription', () => {
  it('turns a burst of 1,000 state changes into one render with the final state', async () => {
    const store = createStore(initialState({servers: [{alias: 'a'}]}));
    const source = coalesced(store, 16);
    let renders = 0;
    const off = source.subscribe(() => renders++);
    for (let i = 0; i < 1000; i++) store.dispatch({type: 'notice/posted', level: 'info', text: `n${i}`});
    expect(renders).toBe(0);
    await waitFor(() => renders > 0);
    expect(renders).toBe(1);
    expect(source.getSnapshot()).toBe(store.getState());
    off();
  });
});
