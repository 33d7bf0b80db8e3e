// Issue #12, round two: list_changed notices arriving more often than the
// debounce must still lead to a re-list. A debounce that restarts on every
// notice never fires while the notices keep coming.
import {describe, expect, it} from 'vitest';
import {Debounce} from '../../src/hub/debounce.js';
import {fakeClock} from '../helpers/clock.js';
import {waitFor} from '../helpers/wait.js';
import {BASE_TOOLS, expectNeighbourServes, startFault, stderrOf, toolsOf, useFaultKit} from './fault-kit.js';

describe('Debounce with a maximum wait', () => {
  it('notices every 50 ms (debounce 200 ms) still fire the action every 1000 ms', () => {
    const clock = fakeClock();
    const fired: number[] = [];
    const d = new Debounce(() => fired.push(clock.now()), 200, 1000, clock);
    for (let t = 0; t < 3000; t += 50) {
      d.poke();
      clock.advance(50);
    }
    expect(fired).toEqual([1000, 2000, 3000]);
    d.poke(); // one more notice after the burst: 200 ms after it
    clock.advance(1000);
    expect(fired).toEqual([1000, 2000, 3000, 3200]);
  });

  it('a single notice fires after the debounce; cancel forgets a pending one', () => {
    const clock = fakeClock();
    const fired: number[] = [];
    const d = new Debounce(() => fired.push(clock.now()), 200, 1000, clock);
    d.poke();
    clock.advance(500);
    expect(fired).toEqual([200]);
    d.poke();
    d.cancel();
    clock.advance(5000);
    expect(fired).toEqual([200]);
  });
});

describe('a server announcing list changes every 20 ms', () => {
  useFaultKit();
  it('is re-listed during the storm, and the catalog ends equal to its last list', async () => {
    // The server stops only once it has been re-listed 4 times: without a maximum wait it never would.
    const {hub} = await startFault('list_storm', {CHAOS_STORM_MS: '20'}, {}, {listDebounceMs: 200, listMaxWaitMs: 600});
    await waitFor(() => /list_storm: done after (\d+) notices/.test(stderrOf(hub)), 'the storm to end (the server saw 4 re-lists)', 60_000);
    const n = Number(/done after (\d+) notices/.exec(stderrOf(hub))![1]);
    const expected = [...BASE_TOOLS, ...Array.from({length: n}, (_, i) => `storm_${i + 1}`)];
    await waitFor(() => toolsOf(hub).length === expected.length, `the catalog to hold all ${expected.length} tools`, 20_000);
    expect(toolsOf(hub)).toEqual(expected);
    await expectNeighbourServes(hub);
  }, 90_000);
});
