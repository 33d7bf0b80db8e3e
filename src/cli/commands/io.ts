// What a subcommand may touch: its streams, environment and directory, passed
// in so tests run a command in-process against a fixture home.
//
// Standard output may be a pipe whose reader has gone (`breakerbox
// --list-tools | head -1`): the write then fails with EPIPE, and an unhandled
// stream error would end the process with a stack trace, before the servers
// are closed. Here that error only means "stop writing"; the run finishes
// normally and closes everything. A terminal that has gone fails the same way
// with EIO.
//
// The streams are read from the global \`process\` when used, not imported
// from node:process: that import evaluates every lazy property of \`process\`,
// stdin's stream among them (~7 ms of CPU at every start, before any mode
// loads; BENCHMARKS.md §10), and most runs never read stdin.

/** A place to write text. */
export interface TextSink {
  write(text: string): unknown;
}

/** The outside world of one subcommand run. */
export interface CliIo {
  stdout: TextSink & {isTTY?: boolean};
  stderr: TextSink;
  stdin: NodeJS.ReadableStream & {isTTY?: boolean};
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `process.platform` unless a test pretends to be another OS. */
  platform?: string;
}

/** A subcommand: resolves to the exit code (0 done, 1 failed, 2 bad usage or config). */
export type Subcommand = (argv: string[], io: CliIo) => Promise<number>;

const guarded = new WeakSet<NodeJS.WriteStream>();

/** Makes `stream` drop writes quietly once its reader went away. Idempotent. */
export function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on('error', (err: NodeJS.ErrnoException) => {
    // A closed terminal (the window closed, tmux's session killed) answers EIO: the
    // TUI's last frames after SIGHUP must not end the run before its servers are closed.
    // After either the stream is destroyed; later writes report ERR_STREAM_DESTROYED.
    if (err.code === 'EPIPE' || err.code === 'EIO' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
}

/** The real process's io. */
export function processIo(env: NodeJS.ProcessEnv): CliIo {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    env,
    cwd: process.cwd(),
  };
}
