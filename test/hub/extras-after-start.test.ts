// Resources and prompts are listed once every server of the start has
// settled, not while the others still do their handshakes (issue #18: at a
// TUI start, the first server's listings competed with the second's boot).
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {chaos, nodeServer, testHub} from '../helpers/hub.js';

const hubs: Hub[] = [];
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((h) => h.close()));
});

describe('resources and prompts at a start', () => {
  it('are listed for a server online early only once the slower server has settled', async () => {
    // The slow server answers its handshake 1.5 s late; notes is online long before.
    const {hub, events} = testHub([nodeServer('notes', 'notes.mjs'), chaos('slow', 'slow_discover', {CHAOS_DELAY_MS: '1500'})], {listExtras: true});
    hubs.push(hub);
    await hub.start();
    await hub.inspect.settled();
    const at = (type: string, alias: string) => events.findIndex((e) => e.type === type && 'alias' in e && e.alias === alias);
    const notesOnline = at('server/online', 'notes');
    const slowOnline = at('server/online', 'slow');
    const notesResources = at('server/resources-listed', 'notes');
    expect(notesOnline).toBeGreaterThan(-1);
    expect(slowOnline).toBeGreaterThan(notesOnline);
    // Listed after all, and with what notes offers.
    expect(notesResources).toBeGreaterThan(slowOnline);
    expect(hub.inspect.resources().find((r) => r.alias === 'notes')!.resources.length).toBeGreaterThan(0);
  }, 60_000);
});
