// The script format for the offline model: one step per model request,
// replayed exactly. Used to drive the loop through precise situations
// (parallel calls, unknown tools, a model that never stops) without a network.
import {readFile} from 'node:fs/promises';
import '../../config/zod-locale.js';
// zod/mini, as the config's schemas: with the full API anywhere in the bundle,
// every start would load all of zod's core with the config (src/config/schema.ts).
import * as z from 'zod/mini';

const args = z.record(z.string(), z.unknown(), {error: 'must be an object of tool arguments'});
const name = z.string().check(z.minLength(1, 'tool name must not be empty'));

const toolCall = z.strictObject({
  tool: name,
  input: z.optional(args),
});

const step = z
  .strictObject({
    tool: z.optional(name),
    input: z.optional(args),
    tools: z.optional(z.array(toolCall).check(z.minLength(1, '"tools" needs at least one call'))),
    text: z.optional(z.string()),
    /** Fail this request with a model error carrying this message. */
    error: z.optional(z.string().check(z.minLength(1))),
    stopReason: z.optional(z.string().check(z.minLength(1))),
    delayMs: z.optional(z.number().check(z.int(), z.nonnegative())),
  })
  .check(
    z.superRefine((s, ctx) => {
      const kinds = [s.tool !== undefined, s.tools !== undefined, s.text !== undefined, s.error !== undefined];
      if (!kinds.some(Boolean)) ctx.addIssue({code: 'custom', message: 'a step needs "tool", "tools", "text" or "error"'});
      if (s.tool !== undefined && s.tools !== undefined) ctx.addIssue({code: 'custom', message: 'use either "tool" or "tools", not both'});
      if (s.input !== undefined && s.tool === undefined) ctx.addIssue({code: 'custom', message: '"input" belongs with "tool"'});
      if (s.error !== undefined && (s.tool ?? s.tools ?? s.text) !== undefined) {
        ctx.addIssue({code: 'custom', message: '"error" cannot be combined with tool calls or text'});
      }
    }),
  );

/** The JSON schema of a script file. */
export const scriptSchema = z.strictObject({
  description: z.optional(z.string()),
  steps: z
    .array(step, {error: (issue) => (issue.input === undefined ? 'is required (a list of steps)' : 'must be a list of steps')})
    .check(z.minLength(1, 'a script needs at least one step')),
  /** Start again from the first step when the last one has been played. */
  repeat: z.optional(z.boolean()),
});

/** One scripted model response. */
export type ScriptStep = z.infer<typeof step>;

/** A validated script; `source` names the file it came from. */
export type Script = z.infer<typeof scriptSchema> & {source?: string};

/** A script file that cannot be read or does not fit the format. */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
  readonly code = 'invalid-script';
}

/** Validates already-parsed JSON; `source` names it in error messages. */
export function parseScript(data: unknown, source = 'script'): Script {
  const result = scriptSchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
    throw new ScriptError(`Invalid script ${source}: ${problems.join('; ')}`);
  }
  return {...result.data, source};
}

/** Reads, parses and validates a script file. Rejects with a ScriptError naming the file and the problem. */
export async function loadScript(path: string): Promise<Script> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScriptError(`Cannot read script ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ScriptError(`Invalid script ${path}: not valid JSON (${(error as Error).message})`);
  }
  return parseScript(data, path);
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}
