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
  let entries: string[];
  try {
    entries = readdirSync(proc);
  } catch {
    return undefined;
  }
  let ticks = 0;
  let seen = false;
  let packageManager: string | undefined;
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readOr(`${proc}/${name}/stat`);
    if (!stat) continue;
    // The command name may hold spaces and parentheses: fields start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    seen = true;
    // utime, stime, and the time of children already reaped (cutime, cstime).
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    packageManager ??= packageManagerOf(readOr(`${proc}/${name}/cmdline`) ?? '');
  }
  if (!seen) return undefined;
  return {cpuMs: ticks * TICK_MS, ...(packageManager ? {packageManager} : {})};
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
