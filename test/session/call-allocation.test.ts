// Bytes a tool call allocates from the session down to the transport (#17):
// the session's part of a call and the connection's pending request are one
// object, not two. Counted, not timed, in a fresh process
// (test/fixtures/session-call-bytes.ts): the transport answers each request
// as it is sent, so a whole call runs synchronously and can be counted. The
// process runs without V8's optimizing compilers: with them, what escape
// analysis removes differs by Node version, tier and load (Node 22 counted
// 312 or 364-368 for the same code), as much as the object this guards;
// without them the count is the code's own, the same on Node 20, 22 and 24.
import {execFile} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('bytes per call through the session (#17)', () => {
  it('one object per call for the session and the connection together', async () => {
    const {stdout} = await promisify(execFile)(process.execPath, ['--no-opt', '--no-maglev', '--import', 'tsx', 'test/fixtures/session-call-bytes.ts'], {cwd: ROOT, timeout: 60_000});
    const {bytesPerCall, answered, expected} = JSON.parse(stdout) as {bytesPerCall: number; answered: number; expected: number};
    expect(answered).toBe(expected);
    // 650-655 on Nodes 20/22/24 (the call: the session's ToolCall, which is
    // the connection's pending request; its params, the message, the time
    // read, and what the interpreter keeps that optimized code would not).
    // With a pending entry of the connection's beside the session's ToolCall
    // (3b7a583): 698-704.
    expect(bytesPerCall).toBeLessThan(676);
  }, 90_000);
});
