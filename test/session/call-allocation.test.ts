// Bytes a tool call allocates from the session down to the transport (#17):
// the session's part of a call and the connection's pending request are one
// object, not two. Counted, not timed. The transport answers each request as
// it is sent, so a whole call runs synchronously and `leastAllocated` can
// count it; the answers are made before each count.
import {afterEach, describe, expect, it} from 'vitest';
import type {Answer} from '../../src/connection/connection.js';
import {McpSession, type ToolResultRecord} from '../../src/session/session.js';
import {answeringTransport} from '../helpers/answering-transport.js';
import {leastAllocated} from '../helpers/allocated.js';

const sessions: McpSession[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

describe('bytes per call through the session (#17)', () => {
  it('one object per call for the session and the connection together', async () => {
    let results: unknown[] = [];
    let next = 0;
    const session = await McpSession.open(answeringTransport(() => results[next++]), {label: 'm', clientInfo: {name: 't', version: '1'}, probeWaitMs: 50});
    sessions.push(session);
    let answered = 0;
    // One answer object for every call: the count is the session's and the connection's alone.
    const answer: Answer<ToolResultRecord> = {
      resolve: () => void answered++,
      reject: (err) => {
        throw err;
      },
    };
    const options = Object.freeze({timeoutMs: 60_000, maxTotalMs: 600_000});
    const args = {text: 'hello'};
    const n = 10_000;
    const prepare = () => {
      results = Array.from({length: n}, () => ({content: [{type: 'text', text: 'hello'}], isError: false, resultType: 'complete'}));
      next = 0;
      return () => {
        for (let i = 0; i < n; i++) session.callToolTo('echo', args, options, answer);
      };
    };
    prepare()(); // warm and optimise first
    const bytes = leastAllocated(5, prepare);
    expect(answered).toBe(6 * n);
    // ~312 counted: the call (the session's ToolCall, which is the
    // connection's pending request), its params, the message and the time
    // read. With a pending entry of the connection's beside the session's
    // ToolCall (3b7a583): 357–360.
    expect(bytes / n).toBeLessThan(336);
  });
});
