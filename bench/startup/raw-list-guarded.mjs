// The minimal client (./raw-list.mjs) plus the two things breakerbox's first
// `--list-tools` on a machine cannot skip and the minimal client does: it does
// not know the servers' eras, so it probes each one as the spec orders
// (server/discover first, the legacy handshake on an error), and it starts a
// watchdog before the servers, as breakerbox's reaper is (a shell reading one
// line per server group on a pipe, in a process group of its own), so that a
// client killed outright leaves no server behind. Nothing else: no config
// file, no validation, no timeouts, no records. What it adds over raw-list is
// the part of the startup gap those two guarantees account for (BENCHMARKS.md,
// "Where #17 and #18 stand at the end of session 13").
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { load } from '../arms/raw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The same shape of work as breakerbox's reaper until EOF; the real one then ends what it was told about.
const watchdog = spawn('/bin/sh', ['-c', 'while IFS= read -r line; do :; done'], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
watchdog.unref();
watchdog.stdin.unref?.();
const raw = await load();
const scripts = ['servers/notes.mjs', 'servers/tickets.mjs'];
const tell = (child) => watchdog.stdin.write(`+${child.pid}\n`);
const clients = await Promise.all(scripts.map((script) => raw.connect({ command: process.execPath, args: [ROOT + script], env: process.env, era: 'probe', onSpawn: tell })));
const lists = await Promise.all(clients.map((c) => c.listAll()));
process.stdout.write(lists.flat().map((t) => t.name).join('\n') + '\n');
await Promise.all(clients.map((c) => c.close()));
watchdog.stdin.end('=\n');
