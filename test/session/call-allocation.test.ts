// Bytes a tool call allocates from the session down to the transport (#17):
// the session's part of a call and the connection's pending request are one
// object, not two. Counted, not timed, in a fresh process
// (test/fixtures/session-call-bytes.ts): the transport answers each request
// as it is sent, so a whole call runs synchronously and can be counted.
import {execFile} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('bytes per call through the session (#17)', () => {
  it('one object per call for the session and the connection together', async () => {
    const {stdout} = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'test/fixtures/session-call-bytes.ts'], {cwd: ROOT, timeout: 60_000});
    const {bytesPerCall, answered, expected} = JSON.parse(stdout) as {bytesPerCall: number; answered: number; expected: number};
    expect(answered).toBe(expected);
    // ~312 counted on Node 20 (the call: the session's ToolCall, which is the
    // connection's pending request; its params, the message and the time
    // read). With a pending entry of the connection's beside the session's
    // ToolCall (3b7a583): 357–360.
    expect(bytesPerCall).toBeLessThan(336);
  }, 90_000);
});
