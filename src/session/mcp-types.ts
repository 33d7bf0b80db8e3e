// The slice of the MCP schema (2026-07-28 and 2025-11-25) that breakerbox reads.
// Everything here arrives from an untrusted process: fields are optional where
// a real server may leave them out, and callers validate before trusting.

import {MODERN_VERSIONS} from '../config/protocol.js';

export {LEGACY_VERSIONS, MODERN_VERSIONS} from '../config/protocol.js';

/** Which protocol family a server speaks. */
export type Era = 'modern' | 'legacy';

/** The newest protocol version we speak; the probe asks for it first. */
export const MODERN_VERSION = MODERN_VERSIONS[0];

/** A server's self-description: display only, never used for naming or routing. */
export interface Implementation {
  name: string;
  version?: string;
  title?: string;
}

/** Optional behaviour hints; untrusted unless the server is trusted. */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as a server lists it. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  icons?: unknown[];
  _meta?: Record<string, unknown>;
}

/** One block of tool output. */
export type ContentBlock =
  | {type: 'text'; text: string}
  | {type: 'image'; data: string; mimeType: string}
  | {type: 'audio'; data: string; mimeType: string}
  | {type: 'resource_link'; uri: string; name?: string; title?: string; description?: string; mimeType?: string}
  | {type: 'resource'; resource: {uri: string; mimeType?: string; text?: string; blob?: string}}
  | {type: string; [key: string]: unknown};

/** What `tools/call` returns once complete. */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** A server-to-client request carried inside an MRTR `input_required` result. */
export interface InputRequest {
  method: string;
  params?: Record<string, unknown>;
}

/** Server capabilities, as far as we look at them. */
export interface ServerCapabilities {
  tools?: {listChanged?: boolean};
  logging?: Record<string, unknown>;
  [key: string]: unknown;
}
