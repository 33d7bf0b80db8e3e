#!/usr/bin/env node
// The reaper: a tiny watchdog that ends breakerbox's servers when breakerbox
// itself dies without a chance to clean up (SIGKILL, OOM killer, a crash in
// native code). Nothing inside a dead process can run, so this one lives
// outside it, in a process group of its own, holding the read end of a pipe
// whose only writer is breakerbox.
//
// Protocol on stdin, one line each:
//   +<pgid>   a server was started in process group <pgid>
//   -<pgid>   that server has ended; forget it
// When stdin reaches EOF (breakerbox exited, however it exited), every group
// still recorded gets SIGTERM, then SIGKILL about a second later, and the
// reaper exits. A group that is already gone is skipped (ESRCH).
//
// Plain Node, no imports from the app: it must start fast and work from the
// source tree and from dist/ alike.

const groups = new Set();
const GRACE_MS = Number(process.env.BREAKERBOX_REAPER_GRACE_MS ?? 1000);

// Ctrl-C and a closing terminal are aimed at breakerbox, which cleans up on
// its own; the reaper waits for the pipe to tell it whether that worked.
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString('latin1');
  let nl;
  while ((nl = pending.indexOf('\n')) !== -1) {
    const line = pending.slice(0, nl).trim();
    pending = pending.slice(nl + 1);
    const m = /^([+-])([1-9][0-9]{0,9})$/.exec(line);
    if (!m) continue;
    const pgid = Number(m[2]);
    if (m[1] === '+') groups.add(pgid);
    else groups.delete(pgid);
  }
  if (pending.length > 64) pending = ''; // not our protocol; never grow
});
process.stdin.on('end', reap);
process.stdin.on('error', reap);

let reaping = false;
function reap() {
  if (reaping) return;
  reaping = true;
  signalAll('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  const tick = setInterval(() => {
    if (alive().length > 0 && Date.now() < deadline) return;
    clearInterval(tick);
    signalAll('SIGKILL');
    process.exit(0);
  }, 50);
}

function signalAll(sig) {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, sig);
    } catch {
      groups.delete(pgid); // ESRCH: the whole group is gone already
    }
  }
}

function alive() {
  return [...groups].filter((pgid) => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (err) {
      return err.code === 'EPERM';
    }
  });
}
