// Signs of life of a starting local server, read from /proc (Linux). The
// server runs in its own process group (the stdio transport spawns it
// detached), so the group is the server, `npx` and whatever they started.
// Where /proc does not exist the sample is undefined and only stderr counts.
import {readdirSync, readFileSync} from 'node:fs';
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
 * machine; the watches of servers started together look at the same
 * moment, and ten of them made ten scans a second, most of the hub's CPU
 * beyond its session's while ten servers started (BENCHMARKS.md §11).
 */
export class GroupSampler {
  private scan?: {at: number; groups: Map<number, GroupMembers>; samples: Map<number, LifeSample | undefined>};

  constructor(
    private readonly proc = '/proc',
    private readonly maxAgeMs = 100,
    private readonly now: () => number = () => performance.now(),
  ) {}

  sample(pgid: number): LifeSample | undefined {
    const now = this.now();
    if (!this.scan || now - this.scan.at > this.maxAgeMs) {
      const groups = scanGroups(this.proc);
      if (!groups) return undefined;
      this.scan = {at: now, groups, samples: new Map()};
    }
    const {groups, samples} = this.scan;
    if (!samples.has(pgid)) samples.set(pgid, sampleOf(groups, pgid, this.proc));
    return samples.get(pgid);
  }
}

/** The processes of one group: their CPU ticks so far, and their pids (for their command lines). */
interface GroupMembers {
  ticks: number;
  pids: string[];
}

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
    if (!/^\d+$/.test(name)) continue;
    const stat = readOr(`${proc}/${name}/stat`);
    if (!stat) continue;
    // The command name may hold spaces and parentheses: fields start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pgid = Number(fields[2]);
    // utime, stime, and the time of children already reaped (cutime, cstime).
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    const group = groups.get(pgid);
    if (group) {
      group.ticks += ticks;
      group.pids.push(name);
    } else groups.set(pgid, {ticks, pids: [name]});
  }
  return groups;
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
