// Drives the built CLI in a real pseudo-terminal: tmux when installed, else
// script(1). Each run gets its own tmux socket, so a user's tmux is untouched.
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

/** A terminal running one command. */
export interface Pty {
  readonly kind: 'tmux' | 'script';
  /** The visible text (tmux) or everything written so far, escapes removed (script). */
  screen(): string;
  /** Sends text as keystrokes, one at a time. */
  type(text: string): Promise<void>;
  enter(): void;
  /** The exit code once the command ended, else null. */
  exitCode(): number | null;
  /** The pid at the root of the command's process tree. */
  rootPid(): number | undefined;
  close(): void;
}

const has = (bin: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], {stdio: 'ignore'});
    return true;
  } catch {
    return false;
  }
};

/** Which driver this machine has (BB_PTY=script forces script(1), to test that path). */
export const PTY_KIND: 'tmux' | 'script' | null = process.env.BB_PTY === 'script' && has('script') ? 'script' : has('tmux') ? 'tmux' : has('script') ? 'script' : null;

const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A clean environment: no API key, no CI flags (Ink draws nothing live under CI), no colours. */
function envLine(): string {
  const state = mkdtempSync(join(tmpdir(), 'bb-pty-'));
  return `env -i PATH=${q(process.env.PATH ?? '')} HOME=${q(state)} XDG_STATE_HOME=${q(state)} TERM=xterm-256color NO_COLOR=1`;
}

/** Starts `command` (run by sh in `cwd`) in a `columns`×`rows` terminal. */
export function openPty(command: string, cwd: string, columns: number, rows: number): Pty {
  return PTY_KIND === 'tmux' ? tmux(command, cwd, columns, rows) : script(command, cwd, columns, rows);
}

function tmux(command: string, cwd: string, columns: number, rows: number): Pty {
  const socket = `bb-smoke-${process.pid}-${Date.now()}`;
  const t = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], {encoding: 'utf8'});
  t('new-session', '-d', '-s', 'bb', '-x', String(columns), '-y', String(rows), '-c', cwd, `${envLine()} sh -c ${q(`${command}; echo BB_EXIT=$?; sleep 60`)}`);
  const screen = () => {
    try {
      return t('capture-pane', '-p', '-t', 'bb');
    } catch {
      return '';
    }
  };
  return {
    kind: 'tmux',
    screen,
    async type(text) {
      // Each key its own send-keys, as fast as they go: the input line takes
      // keys however they arrive.
      for (const ch of text) t('send-keys', '-t', 'bb', '-l', ch);
    },
    enter: () => void t('send-keys', '-t', 'bb', 'Enter'),
    exitCode() {
      const m = /BB_EXIT=(\d+)/.exec(screen());
      return m ? Number(m[1]) : null;
    },
    rootPid: () => Number(t('display-message', '-p', '-t', 'bb', '#{pane_pid}').trim()) || undefined,
    close() {
      try {
        t('kill-server');
      } catch {
        // already gone
      }
    },
  };
}

function script(command: string, cwd: string, columns: number, rows: number): Pty {
  let out = '';
  let code: number | null = null;
  const child: ChildProcess = spawn('script', ['-qfc', `stty cols ${columns} rows ${rows}; ${envLine()} ${command}`, '/dev/null'], {cwd, stdio: ['pipe', 'pipe', 'pipe']});
  child.stdout!.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.on('exit', (c) => (code = c ?? 1));
  return {
    kind: 'script',
    // Escapes removed; cursor moves leave the text readable enough to find titles.
    screen: () => out.replace(/\u001b\[[\d;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\u001b[()][A-Z0-9]/g, ''),
    async type(text) {
      for (const ch of text) child.stdin!.write(ch);
    },
    enter: () => void child.stdin!.write('\r'),
    exitCode: () => code,
    rootPid: () => child.pid,
    close: () => void (code === null && child.kill('SIGKILL')),
  };
}

/** Pids of every process under `root` whose command line matches `pattern`. */
export function descendants(root: number, pattern: RegExp): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], {encoding: 'utf8'})
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({pid: Number(m[1]), ppid: Number(m[2]), args: m[3]}));
  const under = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (!under.has(r.pid) && under.has(r.ppid)) (under.add(r.pid), (grew = true));
  }
  return rows.filter((r) => r.pid !== root && under.has(r.pid) && pattern.test(r.args)).map((r) => r.pid);
}

/** Whether `pid` is still a live (non-zombie) process. */
export function alive(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], {encoding: 'utf8'}).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}
