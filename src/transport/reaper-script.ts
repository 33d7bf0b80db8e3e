// The reaper: a tiny watchdog that ends breakerbox's servers when breakerbox
// itself dies without a chance to clean up (SIGKILL, the OOM killer, a crash
// in native code). Nothing inside a dead process can run, so this one lives
// outside it, in a process group of its own, reading a pipe whose only writer
// is breakerbox.
//
// It is a POSIX shell script, not a Node program: it starts with the first
// server, in the same burst as every other server, and a shell starts for a
// fraction of what another Node process costs (BENCHMARKS.md, finding 5).
//
// Protocol on stdin, one line each:
//   +<pgid>   a server was started in process group <pgid>
//   -<pgid>   that server has ended; forget it
//   =         every server started so far has ended, and breakerbox has
//             ended what each left outside its group too (its own sweep);
//             the next `+` takes this back
// Anything else is ignored. At EOF (breakerbox exited, however it exited)
// every group still recorded gets SIGTERM, and so does every process whose
// environment carries BREAKERBOX_SERVER_ID=<$1>.<n> (what the servers started
// outside their groups: setsid helpers, daemons; found with one `grep -l` over
// /proc/*/environ, Linux only); what is left after the grace
// (BREAKERBOX_REAPER_GRACE_MS, default 1000) gets SIGKILL; then it exits.
// A group already gone is skipped. After a `=` with no group left running,
// there is nothing to look for and it exits at once: that search read every
// process's environment, twice when it found a stray, at the end of every
// run that closed its servers itself (BENCHMARKS.md §19).

/** The shell script; run as `sh -c REAPER_SCRIPT breakerbox-reaper <instance tag>`. */
export const REAPER_SCRIPT = `
trap '' INT HUP
groups=''
swept=''
while IFS= read -r line; do
  case "$line" in
    =) swept=1; continue ;;
    [+-]*) id=\${line#?} ;;
    *) continue ;;
  esac
  case "$id" in ''|*[!0-9]*|0*) continue ;; esac
  if [ "\${line%"$id"}" = "+" ]; then
    groups="$groups $id"; swept=''
  else
    kept=''; for g in $groups; do [ "$g" = "$id" ] || kept="$kept $g"; done; groups=$kept
  fi
done
tagged() {
  case "$1" in ''|*[!0-9a-f]*) return ;; esac
  for f in $(grep -lsF "BREAKERBOX_SERVER_ID=$1." /proc/[0-9]*/environ 2>/dev/null); do
    p=\${f#/proc/}; p=\${p%/environ}
    [ "$p" = "$$" ] || printf '%s ' "$p"
  done
}
live=''
for g in $groups; do kill -s TERM -- "-$g" 2>/dev/null && live="$live $g"; done
[ -n "$swept" ] && [ -z "$live" ] && exit 0
strays=$(tagged "$1")
for p in $strays; do kill -s TERM "$p" 2>/dev/null; done
ticks=$(( \${BREAKERBOX_REAPER_GRACE_MS:-1000} / 50 ))
while { [ -n "$live" ] || [ -n "$strays" ]; } && [ "$ticks" -gt 0 ]; do
  sleep 0.05
  ticks=$((ticks - 1))
  still=''; for g in $live; do kill -s 0 -- "-$g" 2>/dev/null && still="$still $g"; done; live=$still
  [ -n "$strays" ] && strays=$(tagged "$1")
done
for g in $live; do kill -s KILL -- "-$g" 2>/dev/null; done
for p in $(tagged "$1"); do kill -s KILL "$p" 2>/dev/null; done
exit 0
`;

/** The name the reaper shows in the process table. */
export const REAPER_NAME = 'breakerbox-reaper';
