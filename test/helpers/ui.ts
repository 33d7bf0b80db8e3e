// Shared helpers for the UI tests: wait on frames, never on fixed sleeps.
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import type {CliOptions} from '../../src/cli/args.js';
import {vi} from 'vitest';
import {nextTurn} from './wait.js';

export const ROOT = resolve(import.meta.dirname, '../..');

export {waitForFrame} from './wait.js';

/**
 * Between keystrokes of a person: each key its own write, read before the
 * next. The test stdin delivers a write at once, so a turn of the event loop
 * is enough; no time passes.
 */
export const keyGap = nextTurn;

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

/** A driver for UI tests that render a store of their own: every intent is a spy, nothing runs. */
export function fakeDriver() {
  return {busy: false, ask: vi.fn((_text: string) => true), dropQueued: vi.fn(() => false), cancel: vi.fn(() => false), answerApproval: vi.fn(), answerInput: vi.fn(), declineInputsFrom: vi.fn(), acceptInputsFrom: vi.fn(), reconnect: vi.fn(async () => {}), login: vi.fn(async () => {}), logout: vi.fn(async () => {}), clear: vi.fn()};
}
