// What a subcommand may touch: its streams, environment and directory, passed
// in so tests run a command in-process against a fixture home.
import {stdin, stdout, stderr} from 'node:process';

/** The outside world of one subcommand run. */
export interface CliIo {
  stdout: {write(text: string): unknown; isTTY?: boolean};
  stderr: {write(text: string): unknown};
  stdin: NodeJS.ReadableStream & {isTTY?: boolean};
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** `process.platform` unless a test pretends to be another OS. */
  platform?: string;
}

/** A subcommand: resolves to the exit code (0 done, 1 failed, 2 bad usage or config). */
export type Subcommand = (argv: string[], io: CliIo) => Promise<number>;

/** The real process's io. */
export function processIo(env: NodeJS.ProcessEnv): CliIo {
  return {stdout, stderr, stdin, env, cwd: process.cwd()};
}
