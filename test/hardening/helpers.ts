// Shared tools for the hardening suite: the process table, servers that only
// SIGKILL can stop, a trap for errors that escape to the process, and memory.
import {execFileSync} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import {resolve} from 'node:path';
import {runInNewContext} from 'node:vm';
import {setFlagsFromString} from 'node:v8';
import type {HubOptions, StdioHubServer} from '../../src/hub/hub.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {nodeServer} from '../helpers/hub.js';
import {ROOT, serverPath} from '../helpers/servers.js';
import {waitFor} from '../helpers/wait.js';

export const FIXTURES = resolve(import.meta.dirname, 'fixtures');
/** Preload that lets a server outlive a dead parent (EPIPE on stderr would end it). */
export const SURVIVE_PARENT = resolve(FIXTURES, 'survive-parent.mjs');

/** One row of `ps`. */
export interface PsRow {
  pid: number;
  ppid: number;
  pgid: number;
  stat: string;
  args: string;
}

/** The process table, without zombies (a reaped-later zombie runs nothing). */
export function ps(): PsRow[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,stat=,args='], {encoding: 'utf8', maxBuffer: 16 * 1024 * 1024});
  return out
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({pid: Number(m[1]), ppid: Number(m[2]), pgid: Number(m[3]), stat: m[4]!, args: m[5]!}))
    .filter((r) => !r.stat.startsWith('Z'));
}

/** Live processes whose command line carries `tag`. */
export const tagged = (tag: string): PsRow[] => ps().filter((r) => r.args.includes(tag));

/** Whether a pid is running (not a zombie). */
export const running = (pid: number): boolean => ps().some((r) => r.pid === pid);

/** A marker for command lines, so a test finds its own servers even after they are orphaned. */
export const newTag = (what = 'bbx'): string => `${what}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** SIGKILLs every process carrying `tag` (test cleanup: never leave a process behind). */
export function killTagged(tag: string): number {
  let n = 0;
  for (const r of tagged(tag)) {
    try {
      process.kill(r.pid, 'SIGKILL');
      n++;
    } catch {
      /* gone */
    }
  }
  return n;
}

/** Waits until no live process carries `tag`; returns what was still there on timeout as an error. */
export async function waitTagGone(tag: string, timeoutMs = 15_000): Promise<void> {
  await waitFor(() => tagged(tag).length === 0, `every process tagged ${tag} to end (left: ${JSON.stringify(tagged(tag).map((r) => r.args.slice(0, 120)))})`, timeoutMs);
}

/**
 * A chaos server that ignores stdin EOF and SIGTERM, and survives EPIPE when
 * its parent dies: only SIGKILL ends it. `tag` goes on its command line.
 */
export function stubbornArgs(tag: string): string[] {
  return ['--import', SURVIVE_PARENT, serverPath('chaos.mjs'), '--tag', tag];
}
export const STUBBORN_ENV = {CHAOS_IGNORE_EOF: '1', CHAOS_IGNORE_SIGTERM: '1'};

/** A chaos server for the hub with `tag` on its command line. */
export function taggedChaos(alias: string, mode: string, tag: string, env: Record<string, string> = {}, extra: Partial<StdioHubServer> = {}): StdioHubServer {
  const base = nodeServer(alias, 'chaos.mjs', {CHAOS_MODE: mode, ...env}, extra);
  return {...base, args: [...base.args, '--tag', tag]};
}

/** Collects errors that escape to the process while `fn` runs. */
export function trapProcessErrors(): {errors: unknown[]; release: () => void} {
  const errors: unknown[] = [];
  const onRejection = (reason: unknown) => errors.push(reason);
  const onException = (err: unknown) => errors.push(err);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    errors,
    release: () => {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}

let gcFn: (() => void) | undefined;
/** A real `gc()`, enabled at runtime (vitest does not pass --expose-gc). */
export function gc(): void {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc') as () => void;
  }
  gcFn();
  gcFn();
}

/** Memory actually held: JS heap plus Buffers (external), after a full GC. */
export function heldBytes(): number {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external; // external includes arrayBuffers
}

/** Samples RSS every few ms while `fn` runs; returns the peak above the start. */
export async function peakRssDuring<T>(fn: () => Promise<T>): Promise<{value: T; peakRssDelta: number}> {
  gc();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {value, peakRssDelta: peak - start};
  } finally {
    clearInterval(timer);
  }
}

export const MB = 1024 * 1024;
export {ROOT};

/** Hub option: stdio transports with a short close grace (stdin EOF → SIGTERM → SIGKILL), for stubborn servers. */
export function quickClose(graceMs = 300): Pick<HubOptions, 'makeTransport'> {
  return {
    makeTransport: (server) => {
      const s = server as StdioHubServer;
      return new StdioTransport({command: s.command, args: s.args, cwd: s.cwd, env: s.env, closeGraceMs: graceMs});
    },
  };
}
