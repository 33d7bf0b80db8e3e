// A closed stream is described for a person (describeExit: the stderr's
// telling lines, scored) only when a request is there to be rejected with it.
// Every list run closes its servers normally; scoring their stderr then was
// wasted work on the exit path (BENCHMARKS.md §10, h24b).
import {describe, expect, it, vi} from 'vitest';
import {Connection} from '../../src/connection/connection.js';
import {ServerExitedError} from '../../src/connection/errors.js';
import {MemoryTransport} from '../../src/transport/memory.js';
import * as telling from '../../src/util/telling-lines.js';
import {waitFor} from '../helpers/wait.js';

vi.mock('../../src/util/telling-lines.js', async (load) => {
  const real = await load<typeof import('../../src/util/telling-lines.js')>();
  return {...real, tellingLines: vi.fn(real.tellingLines)};
});

const STDERR = 'starting\nError: database gone\n';

describe('closing a connection', () => {
  it('with nothing waiting: the listeners hear the exit, and its stderr is not scored', async () => {
    const scored = vi.mocked(telling.tellingLines);
    scored.mockClear();
    const [client, server] = MemoryTransport.pair();
    const conn = new Connection(client, 60_000);
    const heard: Array<number | null> = [];
    conn.onClose((exit) => heard.push(exit.code));
    await server.close({code: 0, stderrTail: STDERR});
    await waitFor(() => heard.length === 1);
    expect(heard).toEqual([0]);
    expect(scored).not.toHaveBeenCalled();
  });

  it('with requests waiting: one description, its telling line, for all of them', async () => {
    const scored = vi.mocked(telling.tellingLines);
    scored.mockClear();
    const [client, server] = MemoryTransport.pair();
    const received: unknown[] = [];
    server.onmessage = (m) => received.push(m);
    const conn = new Connection(client, 60_000);
    const waiting = [conn.request('a', {}), conn.request('b', {})].map((p) => p.catch((e: unknown) => e));
    await waitFor(() => received.length === 2);
    await server.close({code: 1, stderrTail: STDERR});
    for (const err of await Promise.all(waiting)) {
      expect(err).toBeInstanceOf(ServerExitedError);
      expect((err as Error).message).toBe('server exited with code 1; stderr: Error: database gone');
    }
    expect(scored).toHaveBeenCalledTimes(1);
  });
});
