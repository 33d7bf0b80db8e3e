import {spawn, type ChildProcess} from 'node:child_process';
import {endTagged, forkCount, nextServerTag, SERVER_TAG_VAR, type SpawnMark} from './descendants.js';
import {LineReader, ownText, type OversizeInfo} from './line-reader.js';
import {TailBuffer} from './tail-buffer.js';
import {startReaper, watchProcessGroup} from './reaper.js';
import {encodeMessage, SENT, TransportClosedError, type ExitInfo, type Transport} from './types.js';

/** How long after a process exits its pipes may still deliver what it wrote. */
const EXIT_DRAIN_MS = 50;
/**
 * How long after stdout ends we wait for the process's exit before calling
 * the server gone anyway. An exiting process closes stdout a moment before
 * its exit is reported; this keeps "exited with code 1" the reason then.
 */
const STDOUT_EOF_GRACE_MS = 250;
/** A UTF-8 byte order mark, as the first character of a decoded line. */
const BOM = '\ufeff';

/** How to launch one stdio server. `env` is the complete child environment. */
export interface StdioOptions {
  command: string;
  args?: string[];
  cwd?: string;
  env: Record<string, string>;
  /** Wait this long after ending stdin, and again after SIGTERM. */
  closeGraceMs?: number;
  maxLineBytes?: number;
}

/** Past this, the messages waiting for the tick's write leave at once (see send). */
const OUTBOX_CHARS = 16 * 1024;

/** A server process spoken to over stdin/stdout; stderr is drained, never parsed. */
export class StdioTransport implements Transport {
  readonly kind = 'stdio';
  onmessage?: (message: unknown, raw?: string) => void;
  onclose?: (exit: ExitInfo) => void;
  onerror?: (error: Error) => void;
  onnoise?: (line: string, reason: string) => void;
  onoversize?: (info: OversizeInfo) => void;
  /** Every stderr chunk, for log files; the transport keeps its own tail. */
  ondiagnostic?: (text: string) => void;

  readonly stderr = new TailBuffer(64 * 1024);
  /** The value of BREAKERBOX_SERVER_ID this server and its descendants carry. */
  readonly tag: string;
  private child?: ChildProcess;
  private exited?: ExitInfo;
  private exitSeen = false;
  private exitWaiters: Array<() => void> = [];
  /** This tick's messages, written together on the next tick (see send). */
  private outbox: string[] = [];
  private outboxChars = 0;
  /** The one wait for stdin to drain that every backpressured write shares. */
  private drained?: Promise<void>;
  /** Ending the descendants that left the process group; close() waits for it. */
  private sweep?: Promise<unknown>;
  /** Where the pid counter stood at this child's spawn: its strays started after. */
  private spawnMark?: SpawnMark;
  /** Tells the reaper that the sweep is done (EarlyChild.swept). */
  private swept = (): void => {};

  /** A process spawned for this transport before it existed (spawnServer), adopted by start(). */
  private early?: EarlyChild;

  constructor(
    private readonly options: StdioOptions,
    early?: EarlyChild,
  ) {
    this.early = early;
    this.tag = early?.tag ?? nextServerTag();
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  diagnosticsTail(lines: number): string[] {
    return this.stderr.lines(lines);
  }

  start(): Promise<void> {
    // An early child is adopted once; a restart spawns afresh.
    const early = this.early ?? spawnServer(this.options, this.tag);
    this.early = undefined;
    const child = early.child;
    this.child = child;
    this.spawnMark = early.mark;
    this.swept = early.swept;
    const reader = new LineReader((line) => this.receive(line), (info) => this.oversize(info), this.maxLine, (info) => this.oversize(info));
    const held = early.release();
    for (const chunk of held.stdout) reader.push(chunk);
    child.stdout!.on('data', (chunk: Buffer) => reader.push(chunk));
    // End of stdout with the process still running: the server can never answer again.
    const stdoutEnded = () => {
      // setImmediate: if the event loop was stalled past the grace, an exit that is
      // already pending is read (poll phase) before this decides (check phase).
      const decide = () => setImmediate(() => this.exitSeen || this.finish({code: null, signal: null, stdoutClosed: true}));
      setTimeout(decide, STDOUT_EOF_GRACE_MS).unref();
    };
    if (held.stdoutEnded) stdoutEnded();
    else child.stdout!.once('end', stdoutEnded);
    const stderr = (text: string) => {
      this.stderr.append(text);
      this.ondiagnostic?.(text);
    };
    for (const text of held.stderr) stderr(text);
    child.stderr!.on('data', stderr);
    child.once('close', (code, signal) => this.finish({code, signal}));
    // 'close' waits for every pipe; a helper the server started may hold its
    // stdout open for ever. Give the pipes a moment to drain what the server
    // wrote before it died, then finish anyway (finish ends the whole group).
    const exited = (code: number | null, signal: NodeJS.Signals | null) => {
      this.exitSeen = true;
      setTimeout(() => this.finish({code, signal}), EXIT_DRAIN_MS).unref();
    };
    if (early.exit) exited(early.exit.code, early.exit.signal);
    else child.once('exit', exited);
    return early.spawned.then((err) => {
      // Spawn failures (ENOENT, EACCES) arrive without an exit event.
      if (err) this.finish({code: null, signal: null, error: spawnReason(err, this.options.command)});
      else child.on('error', (e) => this.onerror?.(e));
    });
  }

  send(message: object): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || this.exited || stdin.destroyed || !stdin.writable) {
      return Promise.reject(new TransportClosedError('the server is not running'));
    }
    // Messages sent in the same tick leave in one write, on the next tick
    // (after the promise jobs that issued them): with many calls in flight, a
    // write per message woke the server once per message, and both processes
    // paid a context switch each time (BENCHMARKS.md, finding 6). They are
    // joined here rather than corked: a corked write still cost the stream a
    // buffered request, a callback and a flattened copy per message (§11).
    const text = encodeMessage(message);
    if (this.outbox.length === 0) process.nextTick(this.flush);
    this.outbox.push(text);
    this.outboxChars += text.length + 1;
    if (this.outboxChars >= OUTBOX_CHARS) this.flush();
    if (!stdin.writableNeedDrain && stdin.writableLength + this.outboxChars < stdin.writableHighWaterMark) return SENT;
    // Over the high-water mark (this tick's write will say so, and `drain`
    // follows). One listener per transport, not per write: 64 writers waiting
    // each with their own `once('drain')` passed Node's listener limit, and
    // its warning went to stderr behind the TUI.
    return (this.drained ??= this.drainOf(stdin));
  }

  /**
   * The wait for `stdin` to drain; a pipe that closes instead ends it too
   * (the write's failure reaches the caller as the server's exit). A method
   * of its own: its closures in `send` made every message allocate the
   * context they capture, waiting or not.
   */
  private drainOf(stdin: NodeJS.WritableStream): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        stdin.off('drain', done);
        stdin.off('close', done);
        this.drained = undefined;
        resolve();
      };
      stdin.on('drain', done);
      stdin.on('close', done);
    });
  }

  /** Writes this tick's messages, one per line, in one write; the array is kept for the next tick. */
  private readonly flush = (): void => {
    const texts = this.outbox;
    if (texts.length === 0) return;
    texts.push('');
    const chunk = texts.join('\n');
    this.outbox = [];
    this.outboxChars = 0;
    const stdin = this.child?.stdin;
    // A stream already gone: the close that follows rejects what was waiting.
    if (stdin && !stdin.destroyed && stdin.writable) stdin.write(chunk);
  };

  /** End stdin, then SIGTERM, then SIGKILL, each after a grace period; then the strays. */
  async close(): Promise<void> {
    // Given a running child but closed before start() adopted it: nothing else would end it.
    if (this.early) {
      killEarly(this.early);
      this.early = undefined;
    }
    const child = this.child;
    if (child && !this.exited) {
      const grace = this.options.closeGraceMs ?? 2000;
      this.flush();
      child.stdin?.end();
      if (!(await this.waitExit(grace))) {
        this.signal('SIGTERM');
        if (!(await this.waitExit(grace))) {
          this.signal('SIGKILL');
          await this.waitExit(grace);
        }
      }
    }
    await this.sweep;
  }

  /** Sends a signal to the server's whole process group. */
  signal(sig: NodeJS.Signals): void {
    if (!this.exited) this.signalGroup(sig);
  }

  private signalGroup(sig: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        this.child?.kill(sig);
      } catch {
        /* already gone */
      }
    }
  }

  private get maxLine(): number {
    return this.options.maxLineBytes ?? 64 * 1024 * 1024;
  }

  private receive(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // Only a line that failed to parse pays for this check.
      if (line.startsWith(BOM)) return line.length > 1 ? this.receive(line.slice(1)) : undefined;
      // Kept by the noise log and the trace: a copy, not a slice of the read (see LineReader).
      this.onnoise?.(ownText(line.length > 500 ? line.slice(0, 500) + '…' : line), 'not JSON');
      return;
    }
    this.onmessage?.(value, line);
  }

  private oversize(info: OversizeInfo): void {
    if (this.onoversize) this.onoversize(info);
    else if (!info.complete) this.onnoise?.(`<${info.bytes} bytes without a newline>`, `line longer than ${info.limit} bytes dropped`);
  }

  private finish(info: Omit<ExitInfo, 'stderrTail'>): void {
    if (this.exited) return;
    this.exited = {...info, stderrTail: this.stderr.text()};
    const grace = this.options.closeGraceMs ?? 2000;
    if (info.stdoutClosed) {
      // Still running, but deaf to us: ask it to go, then make it.
      this.child?.stdin?.end();
      this.signalGroup('SIGTERM');
      const timer = setTimeout(() => this.signalGroup('SIGKILL'), grace);
      timer.unref();
      this.child?.once('exit', () => clearTimeout(timer));
    } else {
      // The process is gone; anything it left in the group goes with it.
      this.signalGroup('SIGKILL');
    }
    // And anything it started outside the group (setsid, a daemon) as well.
    if (!info.error) this.sweep = endTagged(this.tag, Math.min(grace, 1_000), this.spawnMark).catch(() => 0).finally(this.swept);
    for (const w of this.exitWaiters.splice(0)) w();
    this.onclose?.(this.exited);
  }

  private waitExit(ms: number): Promise<boolean> {
    if (this.exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

/** A server process spawned before its transport: StdioTransport adopts it, or it must be killed (killEarly). */
export interface EarlyChild {
  readonly child: ChildProcess;
  /** The BREAKERBOX_SERVER_ID it carries; its transport takes the same. */
  readonly tag: string;
  /** The spawn's failure (ENOENT, EACCES…), or undefined once it is running. */
  readonly spawned: Promise<NodeJS.ErrnoException | undefined>;
  /** Set if it exited before anyone adopted it. */
  exit?: {code: number | null; signal: NodeJS.Signals | null};
  /** Where the pid counter stood at the spawn, where /proc tells (the search for strays starts there). */
  readonly mark?: SpawnMark;
  /** Stops keeping its output; returns what it wrote so far, for the adopter to read first. */
  release(): HeldOutput;
  /** Tells the reaper that what this server left outside its group has been ended (watchProcessGroup). */
  readonly swept: () => void;
}

interface HeldOutput {
  stdout: Buffer[];
  stderr: string[];
  stdoutEnded: boolean;
}

/**
 * Starts one stdio server: the one place that decides how (StdioTransport.start
 * and the CLI's early spawn both come here). What it writes is kept until a
 * transport adopts it (release).
 */
export function spawnServer(options: StdioOptions, tag = nextServerTag()): EarlyChild {
  const {command, args = [], cwd} = options;
  const env = {...options.env, [SERVER_TAG_VAR]: tag};
  // No shell: arguments reach the program as given. A process group of its
  // own, so the terminal's Ctrl-C reaches us, not the servers, and we can
  // end a server together with anything it spawned.
  startReaper();
  const forks = forkCount();
  const child = spawn(command, args, {cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true, windowsHide: true});
  // If breakerbox itself is killed outright, the reaper ends this group.
  const swept = watchProcessGroup(child);
  // EPIPE on a dead child's stdin is expected; the exit event tells the story.
  child.stdin!.on('error', () => {});
  // Read and kept until adoption: when a process exits, Node discards whatever
  // its unread pipes still hold, so a quick server's first lines would be lost.
  const held: HeldOutput = {stdout: [], stderr: [], stdoutEnded: false};
  const keepStdout = (chunk: Buffer) => held.stdout.push(chunk);
  const keepStderr = (text: string) => held.stderr.push(text);
  const ended = () => (held.stdoutEnded = true);
  child.stdout!.on('data', keepStdout);
  child.stdout!.once('end', ended);
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', keepStderr);
  const early: EarlyChild = {
    swept,
    release: () => {
      child.stdout!.off('data', keepStdout);
      child.stdout!.off('end', ended);
      child.stderr!.off('data', keepStderr);
      return held;
    },
    child,
    tag,
    ...(forks !== undefined && child.pid ? {mark: {pid: child.pid, forks}} : {}),
    spawned: new Promise((resolve) => {
      child.once('spawn', () => resolve(undefined));
      // `on`, not `once`: a later error with no listener would crash us before adoption.
      child.on('error', (err: NodeJS.ErrnoException) => resolve(!child.pid || err.code === 'ENOENT' || err.code === 'EACCES' ? err : undefined));
    }),
  };
  child.once('exit', (code, signal) => (early.exit = {code, signal}));
  return early;
}

/** Ends an early child nobody adopted, with its whole process group. */
export function killEarly(early: EarlyChild): void {
  if (early.exit) return;
  const pid = early.child.pid;
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    early.child.kill('SIGKILL');
  }
}

function spawnReason(err: NodeJS.ErrnoException, command: string): string {
  if (err.code === 'ENOENT') return `spawn ${command} ENOENT (command not found; check "command" and PATH)`;
  if (err.code === 'EACCES') return `spawn ${command} EACCES (not executable)`;
  return err.message;
}
