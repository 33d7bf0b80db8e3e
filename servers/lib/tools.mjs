// Tool plumbing: result helpers, opaque cursors, argument checks, tools/list + tools/call.
//
// A tool here is a plain MCP Tool object plus `run(args, ctx)`; `run` never leaves
// the server. Argument problems become `isError: true` results (the model can fix
// them), while an unknown tool is a JSON-RPC error (a client bug the model cannot fix).

import { RpcError, ERR } from './stdio-server.mjs';
import { CACHE_HINTS } from './mcp.mjs';

export const textBlock = (text) => ({ type: 'text', text });
export const okResult = (text, extra = {}) => ({ content: [textBlock(text)], ...extra });
export const errorResult = (text) => ({ content: [textBlock(text)], isError: true });

// Cursors are base64 of "<tag>:<offset>". Clients must treat them as opaque; the tag
// lets us reject a cursor minted by a different list instead of misreading it.
export const encodeCursor = (offset, tag = 'tools') => Buffer.from(`${tag}:${offset}`).toString('base64');
export function decodeCursor(cursor, tag = 'tools') {
  if (cursor === undefined) return 0;
  const match = typeof cursor === 'string' && /^([\w-]+):(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  if (!match || match[1] !== tag) {
    throw new RpcError(ERR.INVALID_PARAMS, `Invalid cursor ${JSON.stringify(cursor)}: send back a nextCursor exactly as received`);
  }
  return Number(match[2]);
}

/** The wire form of a tool: everything but `run`. */
export const publicTool = ({ run: _run, ...tool }) => tool;

/** `{"query": string, "limit"?: integer}`: a compact signature for error messages. */
function signature(schema) {
  const req = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {}).map(([key, prop]) => {
    const type = prop.enum ? prop.enum.map((v) => JSON.stringify(v)).join('|') : prop.type ?? 'any';
    return `${JSON.stringify(key)}${req.has(key) ? '' : '?'}: ${type}`;
  });
  return `{${props.join(', ')}}`;
}

function typeOk(type, value) {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  return type === undefined || typeof value === type;
}

/** Checks the subset of JSON Schema our tools use; returns a message or null. */
export function checkArgs(schema, args) {
  if (!typeOk('object', args)) return `arguments must be a JSON object; got ${JSON.stringify(args)}`;
  const props = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (!(key in args)) return `missing required argument ${JSON.stringify(key)} (${props[key]?.type ?? 'any'})`;
  }
  for (const [key, value] of Object.entries(args)) {
    const prop = props[key];
    if (!prop) {
      if (schema.additionalProperties === false) {
        return `unknown argument ${JSON.stringify(key)}; accepted: ${Object.keys(props).join(', ') || 'none'}`;
      }
      continue;
    }
    const got = `got ${JSON.stringify(value)}`;
    if (!typeOk(prop.type, value)) return `argument ${JSON.stringify(key)} must be ${prop.type === 'integer' ? 'an integer' : `a ${prop.type}`}; ${got}`;
    if (prop.enum && !prop.enum.includes(value)) return `argument ${JSON.stringify(key)} must be one of ${prop.enum.join(', ')}; ${got}`;
    if (prop.minimum !== undefined && value < prop.minimum) return `argument ${JSON.stringify(key)} must be >= ${prop.minimum}; ${got}`;
    if (prop.maximum !== undefined && value > prop.maximum) return `argument ${JSON.stringify(key)} must be <= ${prop.maximum}; ${got}`;
    if (prop.minLength !== undefined && value.length < prop.minLength) return `argument ${JSON.stringify(key)} must not be empty`;
  }
  return null;
}

/**
 * tools/list and tools/call handlers over `getTools()` (a function, so the set may change).
 *   pageSize      tools per page (default: all on one page)
 *   cacheHints    add ttlMs/cacheScope (modern era)
 *   cutPagination drop nextCursor from the first page (a deliberately broken server)
 */
export function toolMethods(getTools, { pageSize = Infinity, cacheHints = false, cutPagination = false } = {}) {
  return {
    'tools/list'(params) {
      const tools = getTools();
      const offset = decodeCursor(params.cursor);
      const end = offset + pageSize;
      const page = { tools: tools.slice(offset, end).map(publicTool) };
      if (end < tools.length && !(cutPagination && offset === 0)) page.nextCursor = encodeCursor(end);
      return cacheHints ? { ...page, ...CACHE_HINTS } : page;
    },
    async 'tools/call'(params, ctx) {
      const { name, arguments: args = {} } = params;
      if (typeof name !== 'string') throw new RpcError(ERR.INVALID_PARAMS, 'tools/call needs params.name (a string)');
      const tool = getTools().find((t) => t.name === name);
      if (!tool) throw new RpcError(ERR.INVALID_PARAMS, `Unknown tool: ${name}`);
      // Tolerate a missing or non-object schema (the chaos server serves such tools).
      const schema = tool.inputSchema !== null && typeof tool.inputSchema === 'object' ? tool.inputSchema : {};
      const problem = checkArgs(schema, args);
      if (problem) return errorResult(`Invalid arguments for ${name}: ${problem}. Expected ${signature(schema)}.`);
      return tool.run(args, { ...ctx, name, params });
    },
  };
}
