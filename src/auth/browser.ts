// Opening a URL for the user: the command in BROWSER (the de-facto standard:
// a `:`-separated list, `%s` replaced by the URL, else the URL appended), else
// the platform's opener. Never through a shell: the URL came from a server.
import {spawn, type ChildProcess} from 'node:child_process';

/** What was run, for "opened with …" messages. */
export interface Opened {
  command: string;
  /**
   * Resolves, with why, when the command ends in failure: the page did not
   * open (xdg-open with no display exits 3, `false` exits 1). Never settles
   * when it succeeds or keeps running.
   */
  failed: Promise<string>;
}

/** Starts the browser on `url` without waiting for it; rejects when no command could be started. */
export async function openUrl(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): Promise<Opened> {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`refusing to open ${parsed.protocol} URL`);
  const candidates = browserCommands(url, env, platform);
  let last: Error | undefined;
  for (const argv of candidates) {
    try {
      const child = await start(argv);
      return {command: argv[0], failed: failure(child)};
    } catch (err) {
      last = err as Error;
    }
  }
  throw new Error(`could not start a browser (${last?.message ?? 'no command'}); open the URL yourself`);
}

/** The commands to try, each as argv. */
export function browserCommands(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[][] {
  const fromEnv = (env.BROWSER ?? '')
    .split(':')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const words = entry.split(/\s+/);
      return words.some((w) => w.includes('%s')) ? words.map((w) => w.replaceAll('%s', url)) : [...words, url];
    });
  if (fromEnv.length) return fromEnv;
  if (platform === 'darwin') return [['open', url]];
  if (platform === 'win32') return [['rundll32', 'url.dll,FileProtocolHandler', url]];
  return [['xdg-open', url]];
}

function start(argv: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), {stdio: 'ignore', detached: true});
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve(child);
    });
  });
}

/** Why `child` failed, once it exits with a failure status or by a signal; pending while it runs or after a success. */
function failure(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      if (signal) resolve(`killed by ${signal}`);
      else if (code !== 0) resolve(`exit status ${code}`);
    });
  });
}
