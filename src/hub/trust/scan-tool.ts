// Where a tool's text can hide something: its title and description, its
// annotations' title, and every description, title and parameter name inside
// its schemas. A server's other texts (instructions, prompts, resources) are
// in scan-server.ts.
import type {Tool} from '../../session/mcp-types.js';
import {MAX_JSON_DEPTH} from '../../util/safe-json.js';
import {scanText, type Finding, type ScanContext} from './scan.js';

/** Every finding in one tool's definition. */
export function scanTool(tool: Tool, context: ScanContext = {}): Finding[] {
  const out: Finding[] = [];
  if (typeof tool.title === 'string') out.push(...scanText(tool.title, 'title', context));
  if (typeof tool.description === 'string') out.push(...scanText(tool.description, 'description', context));
  const annotationsTitle = (tool.annotations as {title?: unknown} | undefined)?.title;
  if (typeof annotationsTitle === 'string') out.push(...scanText(annotationsTitle, 'annotations.title', context));
  for (const [root, schema] of [['inputSchema', tool.inputSchema], ['outputSchema', tool.outputSchema]] as const) {
    for (const t of schemaTexts(schema, root)) out.push(...scanText(t.text, t.place, t.isName ? {} : context));
  }
  return out;
}

/** True when some finding withholds the tool (invisible characters). */
export function blocks(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'block');
}

interface SchemaText {
  place: string;
  text: string;
  isName: boolean;
}

/** Descriptions, titles and property names in a schema, with their paths; iterative and depth-bounded. */
function schemaTexts(schema: unknown, root: string): SchemaText[] {
  const out: SchemaText[] = [];
  const stack: Array<{value: unknown; path: string; depth: number}> = [{value: schema, path: root, depth: 0}];
  while (stack.length > 0) {
    const {value, path, depth} = stack.pop()!;
    if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) continue;
    if (Array.isArray(value)) {
      value.forEach((v, i) => stack.push({value: v, path: `${path}[${i}]`, depth: depth + 1}));
      continue;
    }
    for (const [key, v] of Object.entries(value)) {
      const here = `${path}.${key}`;
      if ((key === 'description' || key === 'title') && typeof v === 'string') out.push({place: here, text: v, isName: false});
      if (key === 'properties' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        for (const name of Object.keys(v)) out.push({place: `parameter name ${here}.${name}`, text: name, isName: true});
      }
      stack.push({value: v, path: here, depth: depth + 1});
    }
  }
  return out;
}
