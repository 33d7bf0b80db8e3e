// Where a command's output goes. Standard output may be a pipe whose reader
// has gone (`breakerbox --list-tools | head -1`): the write then fails with
// EPIPE, and an unhandled stream error would end the process with a stack
// trace, before the servers are closed. Here that error only means "stop
// writing"; the run finishes normally and closes everything.

/** A place to write text. */
export interface TextSink {
  write(text: string): unknown;
}

/** What a subcommand or mode is given instead of reaching for `process`. */
export interface CliIo {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly stdout: TextSink;
  readonly stderr: TextSink;
}

const guarded = new WeakSet<NodeJS.WriteStream>();

/** Makes `stream` drop writes quietly once its reader went away. Idempotent. */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', (err: NodeJS.ErrnoException) => {
    // After EPIPE the stream is destroyed; later writes report ERR_STREAM_DESTROYED.
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
}

/** The real process's streams, environment and directory. */
export function processIo(env: NodeJS.ProcessEnv = process.env): CliIo {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  return {env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr};
}
