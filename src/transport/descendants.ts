// Processes a server started that left its process group. Ending a server's
// group ends what it spawned, except a helper that called setsid (or was
// double-forked into a daemon): it has a group and a session of its own, and
// once its parent is gone nothing links it to the server by parent id.
//
// What does link it is the environment, which children inherit: every server
// is started with BREAKERBOX_SERVER_ID=<this breakerbox's tag>.<n>. When the
// server ends, /proc is searched for processes still carrying that value and
// they are ended too (SIGTERM, then SIGKILL); the reaper does the same for
// every server of a breakerbox that was killed outright. Linux only (no /proc
// elsewhere: there the process group is all cleanup covers); a process that
// starts with a cleared environment (`env -i`, sudo, a service manager) or
// runs as another user is not found. The environment is read, never polled:
// nothing is spent while servers run.
//
// Only the processes started after the server are read (pidWindow): a stray
// descends from it, so its pid was handed out later. Reading every process's
// environ cost 6–10 ms of CPU at each exit of a list run (BENCHMARKS.md §10).
import {closeSync, openSync, readdir, readFile, readlinkSync, readSync} from 'node:fs';

/** The variable every server (and what it spawns) carries. */
export const SERVER_TAG_VAR = 'BREAKERBOX_SERVER_ID';
/** This breakerbox process's part of every tag; the reaper matches on it. */
export const INSTANCE_TAG = randomHex(8);

/**
 * `bytes` random bytes as hex, from /dev/urandom where there is one. Not
 * node:crypto: the list modes and the TUI spawn their servers (which carry
 * the tag) before the hub loads, and importing node:crypto first cost ~4 ms
 * of CPU there, ahead of every spawn (BENCHMARKS.md §10); the hub loads it
 * only when something is hashed (src/util/node-crypto.ts). Elsewhere (Windows) the Web Crypto global, the same source.
 */
export function randomHex(bytes: number, device = '/dev/urandom'): string {
  const buf = Buffer.alloc(bytes);
  let fd: number | undefined;
  try {
    fd = openSync(device, 'r');
    let got = 0;
    while (got < bytes) {
      const n = readSync(fd, buf, got, bytes - got, null);
      if (n <= 0) throw new Error(`${device} gave no more bytes`);
      got += n;
    }
  } catch {
    globalThis.crypto.getRandomValues(buf);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  return buf.toString('hex');
}

let counter = 0;
/** A tag for the next server process. */
export function nextServerTag(): string {
  return `${INSTANCE_TAG}.${++counter}`;
}

const ENTRY = Buffer.from(`${SERVER_TAG_VAR}=${INSTANCE_TAG}.`);

/** Where the pid counter stood at a server's spawn: the start of the window its strays are in. */
export interface SpawnMark {
  /** The server's pid. */
  pid: number;
  /** Processes forked on the machine since boot, read just before the spawn (/proc/stat). */
  forks: number;
}

/** The machine's fork count since boot, or undefined without /proc (read before a spawn, so it is synchronous). */
export function forkCount(procDir = '/proc'): number | undefined {
  const stat = readKernelFile(`${procDir}/stat`);
  return stat === undefined ? undefined : forksIn(stat);
}

const FORKS_LINE = Buffer.from('\nprocesses ');

/** The `processes` line of /proc/stat, read from its bytes (no string of the whole file). */
function forksIn(stat: Buffer): number | undefined {
  const at = stat.indexOf(FORKS_LINE);
  if (at === -1) return undefined;
  return digitsAt(stat, at + FORKS_LINE.length);
}

/** The decimal number at `from` (up to the first byte that is not a digit), or undefined if there is none. */
function digitsAt(bytes: Buffer, from: number): number | undefined {
  let value = 0;
  let i = from;
  for (; i < bytes.length && bytes[i]! >= 0x30 && bytes[i]! <= 0x39; i++) value = value * 10 + (bytes[i]! - 0x30);
  return i === from ? undefined : value;
}

/**
 * One buffer for the kernel's counter files, grown when a file does not fit
 * (a /proc/stat with thousands of interrupt lines). fs.readFile and
 * readFileSync allocate 64 KiB for any file whose size is reported as 0, as
 * every /proc file is: four of them at each server's exit and one before each
 * spawn were most of what a start and close of a server allocated (issue #17).
 */
let kernelBuffer = Buffer.alloc(8192);

/**
 * The contents of a /proc file of the kernel's own (counters, not a
 * process's), as a view of the shared buffer valid until the next call; read
 * synchronously: these files never wait on another process, unlike a
 * process's environ. Undefined on any error.
 */
function readKernelFile(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    let length = 0;
    for (;;) {
      const room = kernelBuffer.length - length;
      const n = readSync(fd, kernelBuffer, length, room, null);
      length += n;
      // A read that left room is the end: the kernel writes these files whole
      // into a buffer large enough (seq_file), so a second read would return 0.
      if (n < room) return kernelBuffer.subarray(0, length);
      const bigger = Buffer.alloc(kernelBuffer.length * 2);
      kernelBuffer.copy(bigger, 0, 0, length);
      kernelBuffer = bigger;
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** A kernel file holding one number (ns_last_pid, pid_max), or undefined. */
function kernelNumber(path: string): number | undefined {
  const text = readKernelFile(path);
  return text === undefined ? undefined : digitsAt(text, 0);
}

/** Pids below this are not handed out again once the counter has wrapped (Linux's RESERVED_PIDS). */
const RESERVED_PIDS = 300;

/**
 * Whether a pid may have been handed out after `since`, or undefined when
 * that cannot be told (then every process is read). The kernel hands pids out
 * in increasing order from a cursor, wrapping past pid_max back to 300, so the
 * pids handed out since the server's are those from its pid up to the last one
 * (ns_last_pid, read after the listing: every pid listed was handed out by
 * then), or, once the counter has wrapped, from its pid up and from the bottom
 * to the last one. That holds while the cursor has not gone all the way round:
 * every free pid on the way is taken, so a round takes more forks than there
 * are free pids; a machine using half its pids at once cannot fork much
 * anyway, and past half a round of forks (counted machine-wide, at least the
 * namespace's) every process is read.
 */
function pidWindow(procDir: string, since: SpawnMark): ((pid: number) => boolean) | undefined {
  if (!numbersUs(procDir)) return undefined;
  const last = kernelNumber(`${procDir}/sys/kernel/ns_last_pid`);
  const max = kernelNumber(`${procDir}/sys/kernel/pid_max`);
  const forks = forkCount(procDir);
  if (last === undefined || max === undefined || forks === undefined) return undefined;
  if (forks - since.forks >= (max - RESERVED_PIDS) / 2) return undefined;
  const first = since.pid;
  return last >= first ? (pid) => pid >= first && pid <= last : (pid) => pid >= first || pid <= last;
}

/** Per /proc mount, whether it numbers processes as our counters do (looked up once: a mount's namespace does not change). */
const numbering = new Map<string, boolean>();

/** A /proc of another pid namespace (as some containers mount it) numbers processes differently from our counters. */
function numbersUs(procDir: string): boolean {
  let ours = numbering.get(procDir);
  if (ours === undefined) numbering.set(procDir, (ours = readLinkOr(`${procDir}/self`) === String(process.pid)));
  return ours;
}

function readLinkOr(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}

let scanning: {since: SpawnMark | undefined; pass: Promise<Map<string, number[]>>} | undefined;

/**
 * Live processes of this user carrying one of this breakerbox's tags, by tag;
 * with `since`, only among those started after that spawn (others may be
 * missing). Callers in the same moment share a pass that covers theirs.
 */
export function scanTagged(since?: SpawnMark, procDir = '/proc'): Promise<Map<string, number[]>> {
  if (procDir !== '/proc') return scan(procDir, since);
  // A full pass, or a window opened earlier, covers a later window.
  if (scanning && (scanning.since === undefined || (since !== undefined && scanning.since.forks <= since.forks))) return scanning.pass;
  const entry = {
    since,
    pass: scan(procDir, since).finally(() => {
      if (scanning === entry) scanning = undefined;
    }),
  };
  scanning = entry;
  return entry.pass;
}

/**
 * The counters and the window are read synchronously (kernel state, never a
 * wait on another process), and only the processes in the window are read at
 * all: a promise per /proc entry, most of them outside the window, was ~75 KB
 * allocated at every server's exit (issue #17). The listing stays
 * asynchronous: on a machine of many thousand processes it takes the kernel
 * milliseconds.
 */
async function scan(procDir: string, since: SpawnMark | undefined): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const names = await read<string[]>((done) => readdir(procDir, done));
  if (!names) return found; // no /proc: not Linux
  const pids = candidates(names, procDir, since);
  if (pids.length === 0) return found; // nothing started since the server
  await Promise.all(pids.map((pid) => read<Buffer>((done) => readFile(`${procDir}/${pid}/environ`, done)).then((env) => env && keep(found, env, pid))));
  return found;
}

/** A process's entry in /proc. Hoisted: a regular-expression literal in the loop made a RegExp per entry. */
const PID_NAME = /^\d+$/;

/** The pids of a /proc listing whose environ a pass reads: every process but ours, or those in the window since `since`. */
function candidates(names: string[], procDir: string, since: SpawnMark | undefined): number[] {
  const within = since && pidWindow(procDir, since);
  const pids: number[] = [];
  // Indexed: an iterator's result object per entry, before the loop is optimised, was ~5 KB a pass.
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (!PID_NAME.test(name)) continue;
    const pid = Number(name);
    if (pid !== process.pid && (!within || within(pid))) pids.push(pid);
  }
  return pids;
}

/** Files `pid` under its tag when its environ (gone, or another user's: undefined) carries one of ours. */
function keep(found: Map<string, number[]>, env: Buffer, pid: number): void {
  const tag = tagIn(env);
  if (tag) found.set(tag, [...(found.get(tag) ?? []), pid]);
}

/**
 * One fs call, undefined on any error. The callback API, not fs/promises: a
 * pass over /proc at a server's exit (every --list-tools run ends two) cost
 * about twice the CPU through FileHandle and its promises (BENCHMARKS.md §10).
 * Asynchronous: reading the environ of a process stuck in the kernel may
 * block, and a listing of a large /proc is slow; neither may hold the event loop.
 */
function read<T>(call: (done: (err: NodeJS.ErrnoException | null, value: T) => void) => void): Promise<T | undefined> {
  return new Promise((resolve) => call((err, value) => resolve(err ? undefined : value)));
}

/** The tag in a NUL-separated environment block, if it holds one of ours as a whole entry. */
function tagIn(env: Buffer): string | undefined {
  for (let at = env.indexOf(ENTRY); at !== -1; at = env.indexOf(ENTRY, at + 1)) {
    if (at !== 0 && env[at - 1] !== 0) continue;
    const end = env.indexOf(0, at);
    return env.toString('utf8', at + SERVER_TAG_VAR.length + 1, end === -1 ? env.length : end);
  }
  return undefined;
}

/**
 * Ends every process still carrying `tag`: SIGTERM, then SIGKILL for what is
 * left after `graceMs`. Pids are looked up again before SIGKILL, so a pid
 * reused meanwhile is never hit. `since` (the server's spawn) narrows the
 * search to what started after it. Resolves with how many were found; never throws.
 */
export async function endTagged(tag: string, graceMs: number, since?: SpawnMark): Promise<number> {
  const first = (await scanTagged(since)).get(tag) ?? [];
  if (first.length === 0) return 0;
  signalAll(first, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  let left = first;
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = (await scanTagged(since)).get(tag) ?? [];
  }
  signalAll(left, 'SIGKILL');
  return first.length;
}

function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}
