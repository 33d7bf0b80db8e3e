// Where a tool's text can hide something: its title and description, its
// annotations' title, and every description, title and parameter name inside
// its schemas; every other string of a schema (`enum`, `const`, `default`,
// `examples` values…) reaches the model too, so it is checked for invisible
// characters (not for phrases: there it is data). A server's other texts
// (instructions, prompts, resources) are in scan-server.ts.
import type {Tool} from '../../session/mcp-types.js';
import {MAX_JSON_DEPTH} from '../../util/safe-json.js';
import {hasHiddenCharacters, scanHidden, scanText, type Finding, type ScanContext} from './scan.js';

/** Every finding in one tool's definition. */
export function scanTool(tool: Tool, context: ScanContext = {}): Finding[] {
  const out: Finding[] = [];
  if (typeof tool.title === 'string') out.push(...scanText(tool.title, 'title', context));
  if (typeof tool.description === 'string') out.push(...scanText(tool.description, 'description', context));
  const annotationsTitle = (tool.annotations as {title?: unknown} | undefined)?.title;
  if (typeof annotationsTitle === 'string') out.push(...scanText(annotationsTitle, 'annotations.title', context));
  const scanSchemaText = (text: string, place: string, kind: SchemaText) => {
    const found = kind === 'value' ? scanHidden(text, place) : scanText(text, place, kind === 'name' ? {} : context);
    for (const f of found) out.push(f);
  };
  eachSchemaText(tool.inputSchema, 'inputSchema', scanSchemaText);
  eachSchemaText(tool.outputSchema, 'outputSchema', scanSchemaText);
  return out;
}

/** True when some finding withholds the tool (invisible characters). */
export function blocks(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === 'block');
}

/**
 * `blocks(scanTool(tool))` without the scan: true when some text of the tool
 * has invisible characters. Pins are checked for every tool of a listing;
 * this walks the same texts but builds no findings, and an ASCII text (nearly
 * all) costs one regex test.
 */
export function hidesCharacters(tool: Tool): boolean {
  const title = (tool.annotations as {title?: unknown} | undefined)?.title;
  if (hiddenIn(tool.title) || hiddenIn(tool.description) || hiddenIn(title)) return true;
  return someSchemaText(tool.inputSchema, hasHiddenCharacters) || someSchemaText(tool.outputSchema, hasHiddenCharacters);
}

const hiddenIn = (text: unknown): boolean => typeof text === 'string' && hasHiddenCharacters(text);

/**
 * Whether `test` holds for some text `eachSchemaText` would visit. The same
 * walk without the places: building a path string for every node was most
 * of what a pin check allocated (issue #17).
 */
function someSchemaText(schema: unknown, test: (text: string) => boolean): boolean {
  const values: unknown[] = [schema];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'string') {
          if (test(item)) return true;
        } else values.push(item), depths.push(depth + 1);
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'string') {
        if (test(v)) return true;
        continue;
      }
      if (key === 'properties' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        for (const name in v) if (Object.hasOwn(v, name) && test(name)) return true;
      }
      values.push(v), depths.push(depth + 1);
    }
  }
  return false;
}

/** A description or title (scanned whole), a property name, or any other string value (invisible characters only). */
type SchemaText = 'text' | 'name' | 'value';

/**
 * Every string in a schema, and its property names, with their paths, in
 * the order a stack walk meets them; iterative and depth-bounded. Parallel
 * stacks and a callback: no object per node or per text (every tool of a
 * listing is scanned).
 */
function eachSchemaText(schema: unknown, root: string, visit: (text: string, place: string, kind: SchemaText) => void): void {
  const values: unknown[] = [schema];
  const paths: string[] = [root];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const path = paths.pop()!;
    const depth = depths.pop()!;
    if (typeof value !== 'object' || value === null || depth > MAX_JSON_DEPTH) continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (typeof item === 'string') visit(item, `${path}[${i}]`, 'value');
        else values.push(item), paths.push(`${path}[${i}]`), depths.push(depth + 1);
      }
      continue;
    }
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const v = (value as Record<string, unknown>)[key];
      const here = `${path}.${key}`;
      if (typeof v === 'string') {
        visit(v, here, key === 'description' || key === 'title' ? 'text' : 'value');
        continue;
      }
      if (key === 'properties' && typeof v === 'object' && v !== null && !Array.isArray(v)) {
        for (const name of Object.keys(v)) visit(name, `parameter name ${here}.${name}`, 'name');
      }
      values.push(v), paths.push(here), depths.push(depth + 1);
    }
  }
}
