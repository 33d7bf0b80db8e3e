// Starts the reaper (reaper-script.ts) once per breakerbox process, just before
// the first server spawns, and tells it about every server process group. If
// breakerbox is killed outright, the reaper's stdin hits EOF and it ends those
// groups, so no server outlives us even when nothing in this process gets to run.
import {spawn, type ChildProcess} from 'node:child_process';
import type {Writable} from 'node:stream';
import {INSTANCE_TAG} from './descendants.js';
import {REAPER_NAME, REAPER_SCRIPT} from './reaper-script.js';

let pipe: Writable | undefined;
let unavailable = false;

/** Servers recorded whose strays breakerbox has not ended itself yet. */
let unswept = 0;

/**
 * Records `child`'s process group with the reaper; the record is dropped when
 * the child closes. Returns what to call once breakerbox has ended what this
 * server left outside its group (the transport's sweep of its tag): when
 * every server recorded has been swept so, the reaper is told (`=`) and, if
 * we exit then, ends without searching /proc. A server never swept (killed
 * before a transport adopted it, or still running when we die) keeps that
 * search. Never throws: without a reaper, shutdown still works as before.
 */
export function watchProcessGroup(child: ChildProcess): () => void {
  const pgid = child.pid;
  if (!pgid || pgid <= 1 || unavailable) return () => {};
  unswept++;
  tell(`+${pgid}\n`);
  child.once('close', () => tell(`-${pgid}\n`));
  let swept = false;
  return () => {
    if (swept) return;
    swept = true;
    if (--unswept === 0) tell('=\n');
  };
}

/** The reaper's pid, once started (for tests). */
export let reaperPid: number | undefined;

function tell(line: string): void {
  const out = startReaper();
  if (out) write(out, line);
}

/**
 * Starts the reaper once, if it is not running yet; spawnServer calls it just
 * before the first server's spawn. A spawn holds the main thread until the
 * child has exec'd: after the servers, the reaper's shell waited for a core
 * while both of them booted (29 ms at load 1); before them it waits behind
 * none of ours (BENCHMARKS.md §19). Started first, it also watches every
 * server from its spawn on: no window in which a breakerbox killed outright
 * leaves one to the EOF on its stdin alone.
 */
export function startReaper(): Writable | undefined {
  if (pipe || unavailable) return pipe;
  try {
    // Its own process group: a Ctrl-C or a `kill -- -<our group>` does not take
    // it down with us. No stdout/stderr: nothing of ours may keep it alive or
    // block it. Our end of the pipe is close-on-exec, so servers spawned later
    // do not hold it open and EOF arrives exactly when we are gone.
    const reaper = spawn('/bin/sh', ['-c', REAPER_SCRIPT, REAPER_NAME, INSTANCE_TAG], {stdio: ['pipe', 'ignore', 'ignore'], detached: true, windowsHide: true});
    reaper.on('error', () => {
      unavailable = true;
      pipe = undefined;
    });
    reaper.stdin!.on('error', () => {
      pipe = undefined;
    });
    // Neither the process nor the pipe may keep our event loop alive.
    reaper.unref();
    (reaper.stdin as unknown as {unref?: () => void}).unref?.();
    reaperPid = reaper.pid;
    pipe = reaper.stdin!;
  } catch {
    unavailable = true;
  }
  return pipe;
}

function write(out: Writable, line: string): void {
  try {
    if (!out.destroyed) out.write(line);
  } catch {
    /* the reaper is gone; nothing better to do */
  }
}
