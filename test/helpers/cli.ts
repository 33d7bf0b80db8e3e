import {spawn} from 'node:child_process';
import {resolve} from 'node:path';
import {ROOT} from './servers.js';

/** The result of one CLI run. */
export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (dist/, built by the global setup) with a clean environment. */
export function runCli(args: string[], opts: {env?: Record<string, string>; cwd?: string; timeoutMs?: number; stdin?: string} = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'bin/breakerbox.cjs'), ...args], {
      cwd: opts.cwd ?? ROOT,
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...opts.env},
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`breakerbox ${args.join(' ')} did not finish; stderr: ${stderr.slice(-500)}`));
    }, opts.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({code, stdout, stderr});
    });
    child.stdin.end(opts.stdin ?? '');
  });
}

/**
 * Runs the built CLI with stdout read by something that goes away after the
 * first line, as `breakerbox … | head -1` does: the rest of the output meets a
 * closed pipe (EPIPE).
 */
export function runCliFirstLine(args: string[], opts: {env?: Record<string, string>; timeoutMs?: number} = {}): Promise<CliRun> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve(ROOT, 'bin/breakerbox.cjs'), ...args], {
      cwd: ROOT,
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...opts.env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      // The reader is gone: the child's next write fails with EPIPE.
      if (stdout.includes('\n')) child.stdout.destroy();
    });
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`breakerbox ${args.join(' ')} did not finish; stderr: ${stderr.slice(-500)}`));
    }, opts.timeoutMs ?? 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({code, stdout: stdout.split('\n')[0]!, stderr});
    });
  });
}
