// Tool definitions are sent to the model with every request, so one server
// listing a 40 MB description would make every request 40 MB, which the model
// API refuses: every server's tools would stop working. Each tool gets a
// budget (description + title + schemas) and each server a much larger one
// (a legitimate 300-tool server lists about 300 KB). A description over
// budget is cut; schemas over budget, or nested deeper than any validator
// should recurse, drop the tool. Either way the reason is kept.
import type {DroppedTool} from '../session/list-tools.js';
import type {Tool} from '../session/mcp-types.js';
import {grouped} from '../util/grouped.js';
import {measureJson} from '../util/safe-json.js';
import {MAX_SCHEMA_DEPTH} from './schema/cost.js';

/** Characters of definition allowed per tool and per server. */
export interface ToolLimits {
  perTool: number;
  perServer: number;
}

export const DEFAULT_TOOL_LIMITS: Readonly<ToolLimits> = Object.freeze({perTool: 64 * 1024, perServer: 2 * 1024 * 1024});

/** What the limits kept, cut and dropped, in the server's order. */
export interface LimitedTools {
  tools: Tool[];
  dropped: DroppedTool[];
  /** One line per tool whose description was cut. */
  cut: string[];
}

const MEASURED = ['inputSchema', 'outputSchema', 'annotations'] as const;

/** Applies `limits` to one server's tools; keeps the order. Never throws. */
export function limitTools(tools: readonly Tool[], limits: ToolLimits = DEFAULT_TOOL_LIMITS): LimitedTools {
  const out: LimitedTools = {tools: [], dropped: [], cut: []};
  let total = 0;
  const measure = {maxDepth: MAX_SCHEMA_DEPTH, maxChars: limits.perTool};
  // A plain loop, no closure or iterator per tool: every listed tool passes here (issue #17).
  for (let position = 0; position < tools.length; position++) {
    const tool = tools[position]!;
    const name = typeof tool?.name === 'string' ? tool.name : undefined;
    let fixed = 0; // everything but the description
    let tooDeep: string | undefined;
    for (let k = 0; k < MEASURED.length; k++) {
      const key = MEASURED[k]!;
      const value = tool?.[key];
      // Most tools have no outputSchema or annotations: no walk for what is absent (it measures 0).
      if (value === undefined) continue;
      const quick = plainSize(value, limits.perTool);
      if (quick >= 0) {
        fixed += quick;
        continue;
      }
      const shape = measureJson(value, measure);
      if (shape.depth > MAX_SCHEMA_DEPTH) {
        tooDeep = key;
        break;
      }
      fixed += shape.chars;
    }
    if (tooDeep !== undefined) {
      drop(out, position, name, `its ${tooDeep} is nested more than ${MAX_SCHEMA_DEPTH} levels deep`);
      continue;
    }
    fixed += (typeof tool.title === 'string' ? tool.title.length : 0) + (name?.length ?? 0);
    if (fixed > limits.perTool) {
      drop(out, position, name, `its schemas are over ${grouped(limits.perTool)} characters, the most one tool definition may have`);
      continue;
    }
    let kept = tool;
    const description = typeof tool.description === 'string' ? tool.description : '';
    if (fixed + description.length > limits.perTool) {
      const room = Math.max(0, limits.perTool - fixed - 80);
      kept = {...tool, description: `${description.slice(0, room)} [breakerbox: description cut from ${grouped(description.length)} characters]`};
      out.cut.push(`${JSON.stringify(name ?? '?')}: description cut from ${grouped(description.length)} to ${grouped(room)} characters (at most ${grouped(limits.perTool)} per tool definition)`);
    }
    const size = fixed + (typeof kept.description === 'string' ? kept.description.length : 0);
    if (total + size > limits.perServer) {
      drop(out, position, name, `the server's tool definitions would pass ${grouped(limits.perServer)} characters in all; this one is left out`);
      continue;
    }
    total += size;
    out.tools.push(kept);
  }
  return out;
}

/**
 * The JSON length of a value that is certainly within both limits, or -1:
 * then the walk decides (and says which limit). One JSON.stringify in native
 * code, where the walk in JS ran over every node of every listed schema and
 * was, after the pins' and the sanitizer's loops had gone, the one function
 * of the hub that six 50-tool starts still made hot enough for V8's
 * optimizing compiler (+4-5 MB of peak RSS; BENCHMARKS.md §11, h25b). The
 * length counted is exact here and a lower bound in the walk (which counts a
 * number as one character and no commas between members); both stay below
 * what the model is sent.
 */
function plainSize(value: unknown, maxChars: number): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return -1; // a BigInt, a cycle, or deeper than the stack: the walk says what it is
  }
  if (typeof text !== 'string' || text.length > maxChars) return -1;
  // No more brackets in all than the depth allowed: then no deeper either. A text shorter than twice
  // the limit cannot nest deeper than it (each bracket that nests is closed too). Counted by indexOf
  // here, not in a function of its own (one more for V8 to compile per listing), nor by a regular
  // expression with a counted group, which allocated ~130 bytes a listed schema (issue #17).
  if (text.length <= 2 * MAX_SCHEMA_DEPTH) return text.length;
  let brackets = 0;
  for (let i = text.indexOf('{'); i >= 0 && brackets <= MAX_SCHEMA_DEPTH; i = text.indexOf('{', i + 1)) brackets++;
  for (let i = text.indexOf('['); i >= 0 && brackets <= MAX_SCHEMA_DEPTH; i = text.indexOf('[', i + 1)) brackets++;
  return brackets <= MAX_SCHEMA_DEPTH ? text.length : -1;
}

function drop(out: LimitedTools, position: number, name: string | undefined, reason: string): void {
  out.dropped.push({page: 0, position, ...(name === undefined ? {} : {name}), reason});
}
