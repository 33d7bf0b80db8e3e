// Writing to an output that has gone: a pipe whose reader left (EPIPE) or a
// terminal that was closed (EIO: the window closed, tmux's session killed,
// while the TUI still draws its last frames after SIGHUP). Either only stops
// the writing; the run goes on to close its servers and exit. Any other error
// is still thrown.
import {EventEmitter} from 'node:events';
import {describe, expect, it} from 'vitest';
import {quietOnClosedPipe} from '../../src/cli/commands/io.js';

const failure = (code: string) => Object.assign(new Error(`write ${code}`), {code, syscall: 'write'});

describe('an output that has gone', () => {
  it('drops EPIPE, EIO and writes after the stream was destroyed, and still throws other errors', () => {
    const stream = new EventEmitter() as unknown as NodeJS.WriteStream;
    quietOnClosedPipe(stream);
    for (const code of ['EPIPE', 'EIO', 'ERR_STREAM_DESTROYED']) expect(() => stream.emit('error', failure(code))).not.toThrow();
    expect(() => stream.emit('error', failure('ENOSPC'))).toThrow('write ENOSPC');
  });
});
