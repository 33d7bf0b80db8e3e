// Records are written in the background (src/util/server-record.ts). A hub
// that has closed has every record it set on disk, so another store over the
// same directory (the next run, or the next app in this process) reads them.
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {Hub} from '../../src/hub/hub.js';
import {ServerRecordStore} from '../../src/util/server-record.js';
import {tempDir} from '../helpers/hub.js';
import {fakeServer} from './trust/fake-server.js';

describe('a closed hub', () => {
  it('has its records on disk, not only in its store', async () => {
    const dir = tempDir('bb-close-');
    const notes = fakeServer('notes', [{name: 'search', description: 'Searches notes.', inputSchema: {type: 'object'}}]);
    const hub = new Hub({servers: [notes.config()], makeTransport: () => notes.makeTransport(), probeWaitMs: 200, records: new ServerRecordStore(dir)});
    await hub.start();
    await hub.close();
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(1);
    const sections = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')).sections;
    expect(sections.catalog.tools.map((t: {name: string}) => t.name)).toEqual(['search']);
  });
});
