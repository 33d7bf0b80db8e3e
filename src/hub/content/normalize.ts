// A server's tools/call result, made well-formed before anything above the
// hub sees it. Whatever `content` holds (a bare string, null entries, blocks
// of unknown types, images that are not images), the result that comes out
// has only blocks of the five known kinds with the fields they need; what
// could not be kept becomes a text placeholder that says why, in place.
import type {ContentBlock} from '../../session/mcp-types.js';
import {MAX_JSON_DEPTH, safeStringify, tooDeep} from '../../util/safe-json.js';
import {base64Problem, decodedBytes, formatBytes, MODEL_IMAGE_TYPES} from './binary.js';

/** A result every layer above can read without checking. */
export interface NormalResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  /** What was wrong with the result as sent; for the user, not the model. Absent when nothing was. */
  warnings?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);
const note = (text: string): ContentBlock => ({type: 'text', text: `[breakerbox: ${text}]`});

/** Adds a warning to `result`, making its list at the first one (nearly every result has none). */
export function addWarning(result: NormalResult, warning: string): void {
  (result.warnings ??= []).push(warning);
}

// The problems of the result being normalized: one list for all of them, as
// normalizing is synchronous and never re-entered; a result takes its own copy
// only when it has any, so a sound result (nearly all) allocates no list.
const found: string[] = [];

/**
 * Checks and repairs `content` and `structuredContent` of `raw` into `result`
 * (the hub's own result object: a call shapes into the object it returns);
 * never throws. Images over `scanBytes` are not scanned for valid base64
 * (the budget drops them unread). A structured result with no content at all
 * gets its JSON as a text block, as the spec asks servers to do themselves.
 */
export function normalizeInto(result: NormalResult, raw: {content?: unknown; structuredContent?: unknown}, scanBytes = Infinity): void {
  found.length = 0;
  let content = normalizeContent(raw.content, found, scanBytes);
  let structuredContent = raw.structuredContent;
  if (structuredContent !== undefined && tooDeep(structuredContent, MAX_JSON_DEPTH)) {
    structuredContent = undefined;
    found.push(`structuredContent was nested more than ${MAX_JSON_DEPTH} levels deep; breakerbox dropped it`);
    content = [...content, note(`the structured result was nested more than ${MAX_JSON_DEPTH} levels deep and was dropped`)];
  } else if (structuredContent !== undefined && content.length === 0) {
    content = [...content, {type: 'text', text: safeStringify(structuredContent)}];
  }
  result.content = content;
  result.structuredContent = structuredContent;
  if (found.length > 0) {
    for (const warning of found) addWarning(result, warning);
    found.length = 0;
  }
}

/** `content` as an array of well-formed blocks; problems are pushed to `warnings`. */
export function normalizeContent(content: unknown, warnings: string[] = [], scanBytes = Infinity): ContentBlock[] {
  if (content === undefined) return [];
  if (typeof content === 'string') {
    warnings.push('content was a bare string, not an array of content blocks; shown as text');
    return [{type: 'text', text: content}];
  }
  if (!Array.isArray(content)) {
    if (isObject(content) && typeof content.type === 'string') {
      warnings.push('content was a single block, not an array of content blocks');
      return normalizeContent([content], warnings, scanBytes);
    }
    warnings.push(`content was ${kindOf(content)}, not an array of content blocks; ignored`);
    return [note(`the server sent content as ${kindOf(content)}, not as a list of content blocks`)];
  }
  let out: ContentBlock[] | undefined; // copied only when a block changes: the common case allocates nothing
  for (let i = 0; i < content.length; i++) {
    const block: unknown = content[i];
    const problem = blockProblem(block, scanBytes);
    if (problem === undefined) {
      out?.push(block as ContentBlock);
      continue;
    }
    out ??= content.slice(0, i) as ContentBlock[];
    warnings.push(`content[${i}] ${problem}`);
    out.push(note(`content[${i}] ${problem}`));
  }
  return out ?? (content as ContentBlock[]);
}

// Why a block cannot be passed on as it is; undefined when it can.
function blockProblem(block: unknown, scanBytes: number): string | undefined {
  if (!isObject(block)) return `is ${kindOf(block)}, not a content block`;
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? undefined : `is a text block whose text is ${kindOf(block.text)}`;
    case 'image':
      return imageProblem(block, scanBytes);
    case 'audio':
      return typeof block.data === 'string' && typeof block.mimeType === 'string' ? undefined : 'is an audio block without string data and mimeType';
    case 'resource_link':
      return typeof block.uri === 'string' ? undefined : 'is a resource link without a uri';
    case 'resource': {
      const r = block.resource;
      if (!isObject(r) || typeof r.uri !== 'string') return 'is an embedded resource without a uri';
      return typeof r.text === 'string' || typeof r.blob === 'string' ? undefined : 'is an embedded resource with neither text nor blob';
    }
    default:
      return typeof block.type === 'string' ? `has the unknown type ${JSON.stringify(block.type.slice(0, 40))}; not shown` : 'has no type';
  }
}

// An image the model API would refuse must never be forwarded: the request
// fails with a 400, and a saved session holding it fails on every resume.
function imageProblem(block: Record<string, unknown>, scanBytes: number): string | undefined {
  const {data, mimeType} = block;
  if (typeof data !== 'string') return `is an image whose data is ${kindOf(data)}`;
  const type = typeof mimeType === 'string' ? mimeType.slice(0, 60) : undefined;
  if (type === undefined) return `is an image without a mimeType (${formatBytes(decodedBytes(data))}); not passed on`;
  if (!MODEL_IMAGE_TYPES.has(type)) return `is an image of type ${JSON.stringify(type)}, which the model API does not accept (it takes PNG, JPEG, GIF and WebP); not passed on`;
  if (decodedBytes(data) > scanBytes) return undefined; // too big to keep: the budget replaces it unread
  const bad = base64Problem(data);
  return bad ? `is an image (${type}) whose data is not valid base64: ${bad}; not passed on` : undefined;
}
