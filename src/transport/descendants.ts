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
import {closeSync, openSync, readdir, readFile, readSync} from 'node:fs';

/** The variable every server (and what it spawns) carries. */
export const SERVER_TAG_VAR = 'BREAKERBOX_SERVER_ID';
/** This breakerbox process's part of every tag; the reaper matches on it. */
export const INSTANCE_TAG = randomHex(8);

/**
 * `bytes` random bytes as hex, from /dev/urandom where there is one. Not
 * node:crypto: the list modes and the TUI spawn their servers (which carry
 * the tag) before the hub loads, and importing node:crypto first cost ~4 ms
 * of CPU there, ahead of every spawn (BENCHMARKS.md §10); the hub loads it
 * later anyway. Elsewhere (Windows) the Web Crypto global, the same source.
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
let scanning: Promise<Map<string, number[]>> | undefined;

/**
 * Live processes of this user carrying one of this breakerbox's tags, by tag.
 * Callers in the same moment share one pass over /proc.
 */
export function scanTagged(procDir = '/proc'): Promise<Map<string, number[]>> {
  if (procDir !== '/proc') return scan(procDir);
  return (scanning ??= scan(procDir).finally(() => (scanning = undefined)));
}

async function scan(procDir: string): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  const names = await read<string[]>((done) => readdir(procDir, done));
  if (!names) return found; // no /proc: not Linux
  await Promise.all(
    names.map(async (name) => {
      if (!/^\d+$/.test(name) || Number(name) === process.pid) return;
      const env = await read<Buffer>((done) => readFile(`${procDir}/${name}/environ`, done));
      if (!env) return; // gone, or another user's
      const tag = tagIn(env);
      if (tag) found.set(tag, [...(found.get(tag) ?? []), Number(name)]);
    }),
  );
  return found;
}

/**
 * One fs call, undefined on any error. The callback API, not fs/promises: a
 * pass over /proc at a server's exit (every --list-tools run ends two) cost
 * about twice the CPU through FileHandle and its promises (BENCHMARKS.md §10).
 * Still asynchronous: reading the environ of a process stuck in the kernel
 * may block, and must not block the event loop.
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
 * reused meanwhile is never hit. Resolves with how many were found; never throws.
 */
export async function endTagged(tag: string, graceMs: number): Promise<number> {
  const first = (await scanTagged()).get(tag) ?? [];
  if (first.length === 0) return 0;
  signalAll(first, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  let left = first;
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = (await scanTagged()).get(tag) ?? [];
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
