// Shared helpers for the UI tests: wait on frames, never on fixed sleeps.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import type {CliOptions} from '../../src/cli/args.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Polls `lastFrame()` until `predicate` holds; the error shows the last frame. */
export async function waitForFrame(lastFrame: () => string | undefined, predicate: (frame: string) => boolean, what = 'frame', timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const frame = lastFrame() ?? '';
    if (predicate(frame)) return frame;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last frame:\n${frame}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Polls until `check()` is truthy. */
export async function waitUntil<T>(check: () => T, what: string, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** The pause between keystrokes: keys of a person, not a paste. */
export const keyGap = () => new Promise((r) => setTimeout(r, 20));

/** Types `text` one key at a time. */
export async function typeKeys(stdin: {write(s: string): void}, text: string): Promise<void> {
  for (const ch of text) {
    stdin.write(ch);
    await keyGap();
  }
}

/** Types a line and sends Enter as its own write. */
export async function typeLine(stdin: {write(s: string): void}, text: string): Promise<void> {
  await typeKeys(stdin, text);
  stdin.write('\r');
  await keyGap();
}

/** CLI options for the bundled config and the offline model. */
export function cliOptions(extra: Partial<CliOptions> = {}): CliOptions {
  return {mode: 'tui', json: false, yes: false, allow: [], maxSteps: 10, model: 'scripted', config: join(ROOT, 'mcp.config.json'), debug: false, ...extra};
}

/** An environment without an API key, with logs in a temporary state dir. */
export function testEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {...process.env, XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-ui-'))};
  delete env.ANTHROPIC_API_KEY;
  return env;
}

/** Writes a script for the offline model and returns its path. */
export function writeScript(script: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bb-script-')), 'script.json');
  writeFileSync(path, JSON.stringify(script));
  return path;
}

/** Rows of a frame. */
export const rowsOf = (frame: string): string[] => frame.split('\n');
