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
  resources?: {listChanged?: boolean; subscribe?: boolean};
  prompts?: {listChanged?: boolean};
  completions?: Record<string, unknown>;
  logging?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A resource as a server lists it (`resources/list`). */
export interface Resource {
  uri: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Record<string, unknown>;
}

/** A parameterised resource (`resources/templates/list`), an RFC 6570 URI template. */
export interface ResourceTemplate {
  uriTemplate: string;
  name?: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One part of a `resources/read` result: text or base64 binary. */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** One argument a prompt takes; prompt arguments are strings. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt as a server lists it (`prompts/list`). */
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
}

/** One message of a `prompts/get` result. */
export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

/** What `prompts/get` returns. */
export interface GetPromptResult {
  description?: string;
  messages: PromptMessage[];
}

/** What `completion/complete` returns (at most 100 values). */
export interface Completion {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/** What a completion is for: a prompt's argument or a resource template's variable. */
export type CompletionRef = {type: 'ref/prompt'; name: string} | {type: 'ref/resource'; uri: string};

/** The syslog levels of `notifications/message`, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

/** One of LOG_LEVELS. */
export type LogLevel = (typeof LOG_LEVELS)[number];
