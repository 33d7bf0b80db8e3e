// A whole command line pasted into "command" ("npx -y some-server"): the
// program is started without a shell, so the spawn looks for a file named
// with the spaces and fails with "command not found", which names neither
// the cause nor the fix. Only a command with spaces and no args is checked,
// and only when no such file exists (a program path may contain spaces).
import {existsSync} from 'node:fs';
import {delimiter, isAbsolute, join, resolve} from 'node:path';

/** The problem with `command` as a whole command line, or undefined. */
export function commandLineProblem(command: string, args: readonly string[], cwd: string, path: string | undefined): string | undefined {
  const words = command.trim().split(/\s+/);
  if (args.length > 0 || words.length < 2 || exists(command, cwd, path)) return undefined;
  const quoted = /["'\\]/.test(command);
  const example = quoted ? '' : `: {"command": ${JSON.stringify(words[0])}, "args": [${words.slice(1).map((w) => JSON.stringify(w)).join(", ")}]}`;
  return `${JSON.stringify(command)} is a whole command line, but breakerbox runs "command" without a shell; put the program in "command" and each argument in "args"${example}`;
}

function exists(command: string, cwd: string, path: string | undefined): boolean {
  if (command.includes('/')) return existsSync(isAbsolute(command) ? command : resolve(cwd, command));
  return (path ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
}
