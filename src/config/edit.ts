// Adds and removes one server of `mcp.config.json` in place. Everything else
// in the file keeps its bytes: indentation, key order, compact entries, line
// endings. jsonc-parser finds the nodes and their offsets; the edits are ours,
// because its `modify` re-indents a compact neighbour when it inserts after it
// and leaves `{"next": …` on the opening line when it removes a first entry.
import {findNodeAtLocation, parseTree, type Node} from 'jsonc-parser';
import {ConfigError} from './config-error.js';

/** The indentation unit and line ending a file already uses. */
export interface JsonStyle {
  indent: string;
  eol: string;
}

/** A new config file's text (two-space indent). */
export const EMPTY_CONFIG = '{\n  "mcpServers": {}\n}\n';

/** The file's indent unit (its first indented key) and line ending. */
export function detectStyle(text: string): JsonStyle {
  const m = /^([ \t]+)"/m.exec(text);
  return {indent: m ? m[1]! : '  ', eol: text.includes('\r\n') ? '\r\n' : '\n'};
}

/** `text` with `mcpServers.<alias>` set to `entry` appended after the last server (or the block created). */
export function addServerText(text: string, label: string, alias: string, entry: unknown): string {
  const root = rootObject(text, label);
  const block = findNodeAtLocation(root, ['mcpServers']);
  if (block && block.type !== 'object') throw new ConfigError(`${label}: mcpServers: expected an object mapping aliases to servers`);
  if (block && findNodeAtLocation(block, [alias])) throw new ConfigError(`${label}: mcpServers.${alias}: already exists`);
  return block ? insertProperty(text, block, alias, entry) : insertProperty(text, root, 'mcpServers', {[alias]: entry});
}

/** `text` without `mcpServers.<alias>`, its comma and its line. */
export function removeServerText(text: string, label: string, alias: string): string {
  const block = findNodeAtLocation(rootObject(text, label), ['mcpServers']);
  const props = block?.type === 'object' ? (block.children ?? []) : [];
  const i = props.findIndex((p) => p.children?.[0]?.value === alias);
  if (i < 0) throw new ConfigError(`${label}: mcpServers.${alias}: no such server`);
  const prop = props[i]!;
  const next = props[i + 1];
  const prev = props[i - 1];
  if (next) {
    // Whole lines only when both entries have their own: otherwise the next
    // entry would lose the indentation (or the line) it shared with this one.
    if (ownLine(text, prop.offset) && ownLine(text, next.offset)) return text.slice(0, lineStart(text, prop.offset)) + text.slice(lineStart(text, next.offset));
    return text.slice(0, prop.offset) + text.slice(next.offset);
  }
  if (prev) return text.slice(0, prev.offset + prev.length) + text.slice(prop.offset + prop.length);
  return text.slice(0, block!.offset + 1) + text.slice(block!.offset + block!.length - 1);
}

function rootObject(text: string, label: string): Node {
  const root = parseTree(text, [], {allowTrailingComma: false, disallowComments: true});
  if (!root || root.type !== 'object') throw new ConfigError(`${label}: expected a JSON object at the top level`);
  return root;
}

function insertProperty(text: string, object: Node, key: string, value: unknown): string {
  const style = detectStyle(text);
  const props = object.children ?? [];
  const last = props[props.length - 1];
  if (last) {
    const indent = ownLine(text, last.offset) ? text.slice(lineStart(text, last.offset), last.offset) : undefined;
    const at = last.offset + last.length;
    // A one-line object stays on one line.
    const added = indent === undefined ? `, ${JSON.stringify(key)}: ${JSON.stringify(value)}` : `,${style.eol}${indent}${member(key, value, indent, style)}`;
    return text.slice(0, at) + added + text.slice(at);
  }
  const outer = text.slice(lineStart(text, object.offset), object.offset).match(/^[ \t]*/)![0];
  const inner = outer + style.indent;
  const body = `${style.eol}${inner}${member(key, value, inner, style)}${style.eol}${outer}`;
  return text.slice(0, object.offset + 1) + body + text.slice(object.offset + object.length - 1);
}

function member(key: string, value: unknown, indent: string, style: JsonStyle): string {
  return `${JSON.stringify(key)}: ${pretty(value, indent, style)}`;
}

// As JSON.stringify with an indent, except that a short array of plain values
// stays on one line (`"args": ["-y", "some-server"]`), as people write them.
function pretty(value: unknown, indent: string, style: JsonStyle): string {
  const inner = indent + style.indent;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (value.every((v) => v === null || typeof v !== 'object') && indent.length + flat.length <= 100) return flat;
    return `[${value.map((v) => `${style.eol}${inner}${pretty(v, inner, style)}`).join(',')}${style.eol}${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{${entries.map(([k, v]) => `${style.eol}${inner}${JSON.stringify(k)}: ${pretty(v, inner, style)}`).join(',')}${style.eol}${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function ownLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStart(text, offset), offset));
}
