// Signs of life of a starting local server, read from /proc (Linux). The
// server runs in its own process group (the stdio transport spawns it
// detached), so the group is the server, `npx` and whatever they started.
// Where /proc does not exist the sample is undefined and only stderr counts.
import {closeSync, openSync, readdirSync, readFileSync, readSync} from 'node:fs';
import {basename} from 'node:path';
import type {LifeSample} from './startup-watch.js';

/** Programs that download or build a server before it runs. */
const PACKAGE_MANAGERS = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', 'uv', 'uvx', 'pip', 'pip3', 'pipx', 'poetry', 'deno', 'docker']);
/** Node's npm is `node …/npm-cli.js`: the script names it. */
const SCRIPT_NAMES: Record<string, string> = {'npm-cli.js': 'npm', 'npx-cli.js': 'npx', 'pnpm.cjs': 'pnpm', 'yarn.js': 'yarn'};
/** Kernel ticks per second: 100 on every Linux build Node runs on. */
const TICK_MS = 10;

/** CPU and package managers of process group `pgid`; undefined without /proc. */
export function sampleGroup(pgid: number, proc = '/proc'): LifeSample | undefined {
  const groups = scanGroups(proc);
  return groups && sampleOf(groups, pgid, proc);
}

/**
 * Samples groups from one /proc scan shared by every group asked about
 * within `maxAgeMs`. A scan reads the stat file of every process on the
 * machine, and the watches of servers started together look at about the
 * same moment (their timers start as each spawns, spread over a few hundred
 * ms on a busy machine): ten made ten scans a second (BENCHMARKS.md §11).
 * Half the watch's poll: an old sample only delays a sign of life, and the
 * watch asks for a fresh one before it gives a start up.
 */
export class GroupSampler {
  private scan?: {at: number; groups: Map<number, GroupMembers>; samples: Map<number, LifeSample | undefined>};

  constructor(
    private readonly proc = '/proc',
    private readonly maxAgeMs = 500,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** `fresh`: scan now whatever the age of the last scan. */
  sample(pgid: number, fresh = false): LifeSample | undefined {
    const now = this.now();
    if (fresh || !this.scan || now - this.scan.at > this.maxAgeMs) {
      const groups = scanGroups(this.proc);
      if (!groups) return undefined;
      this.scan = {at: now, groups, samples: new Map()};
    }
    const {groups, samples} = this.scan;
    if (!samples.has(pgid)) samples.set(pgid, sampleOf(groups, pgid, this.proc));
    return samples.get(pgid);
  }
}

/** CPU time (ms) of one process and its waited-for children, from its /proc/<pid>/stat alone; undefined when it cannot be read. */
export function processCpuMs(pid: number, proc = '/proc'): number | undefined {
  const stat = readStat(`${proc}/${pid}/stat`);
  return stat && stat.ticks * TICK_MS;
}

/** The processes of one group: their CPU ticks so far, and their pids (for their command lines). */
interface GroupMembers {
  ticks: number;
  pids: string[];
}

/** A process's entry in /proc (a literal inside the loop would make a RegExp per entry). */
const PID_NAME = /^\d+$/;

/** Every process group on the machine, from one pass over /proc; undefined without /proc. */
function scanGroups(proc: string): Map<number, GroupMembers> | undefined {
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return undefined;
  }
  const groups = new Map<number, GroupMembers>();
  for (const name of entries) {
    if (!PID_NAME.test(name)) continue;
    const stat = readStat(`${proc}/${name}/stat`);
    if (!stat) continue;
    const group = groups.get(stat.pgid);
    if (group) {
      group.ticks += stat.ticks;
      group.pids.push(name);
    } else groups.set(stat.pgid, {ticks: stat.ticks, pids: [name]});
  }
  return groups;
}

/** One buffer for every stat file read: a scan reads one per process on the machine. */
const STAT_BUFFER = Buffer.alloc(4096);
const STAT_FIELDS: {pgid: number; ticks: number} = {pgid: 0, ticks: 0};

/**
 * The process group and CPU ticks of one /proc/<pid>/stat, parsed from its
 * bytes (no string, no split: issue #17); undefined when it cannot be read.
 * The result is overwritten by the next call.
 */
function readStat(path: string): {pgid: number; ticks: number} | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  let length: number;
  try {
    length = readSync(fd, STAT_BUFFER, 0, STAT_BUFFER.length, 0);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  // The command name may hold spaces and parentheses: fields start after the last ")".
  const close = STAT_BUFFER.lastIndexOf(0x29, length - 1);
  if (close < 0) return undefined;
  // Fields after the name, from 0: state, ppid, pgrp (2), …, utime (11), stime, cutime, cstime (14).
  let field = 0;
  let value = 0;
  let pgid = -1;
  let ticks = 0;
  for (let i = close + 2; i <= length && field <= 14; i++) {
    const byte = i < length ? STAT_BUFFER[i]! : 0x20;
    if (byte === 0x20 || byte === 0x0a) {
      if (field === 2) pgid = value;
      else if (field >= 11) ticks += value;
      field++;
      value = 0;
    } else if (byte >= 0x30 && byte <= 0x39) value = value * 10 + (byte - 0x30);
  }
  if (field <= 14 || pgid < 0) return undefined;
  STAT_FIELDS.pgid = pgid;
  STAT_FIELDS.ticks = ticks;
  return STAT_FIELDS;
}

function sampleOf(groups: Map<number, GroupMembers>, pgid: number, proc: string): LifeSample | undefined {
  const group = groups.get(pgid);
  if (!group) return undefined;
  let packageManager: string | undefined;
  for (const pid of group.pids) {
    packageManager = packageManagerOf(readOr(`${proc}/${pid}/cmdline`) ?? '');
    if (packageManager) break;
  }
  return {cpuMs: group.ticks * TICK_MS, ...(packageManager ? {packageManager} : {})};
}

/** The package manager a command line runs, if any (argv[0], or the script node runs). */
export function packageManagerOf(cmdline: string): string | undefined {
  const [argv0 = '', argv1 = ''] = cmdline.split('\0');
  // npm renames its process ("npm exec …"), which puts it all in argv[0].
  const first = basename(argv0.split(' ')[0]!);
  if (PACKAGE_MANAGERS.has(first)) return first;
  if (/^(node|nodejs|python3?)$/.test(first)) {
    const script = basename(argv1);
    if (SCRIPT_NAMES[script]) return SCRIPT_NAMES[script];
    if (PACKAGE_MANAGERS.has(script)) return script;
  }
  return undefined;
}

function readOr(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
