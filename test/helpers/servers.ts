import {resolve} from 'node:path';
import {StdioTransport} from '../../src/transport/stdio.js';
import {McpSession, type SessionOptions} from '../../src/session/session.js';

export const ROOT = resolve(import.meta.dirname, '../..');
export const serverPath = (name: string) => resolve(ROOT, 'servers', name);

/** A transport for one bundled server, with extra environment for its knobs. */
export function bundled(name: string, env: Record<string, string> = {}, args: string[] = []): StdioTransport {
  return new StdioTransport({command: process.execPath, args: [serverPath(name), ...args], env: {PATH: process.env.PATH ?? '', ...env}, closeGraceMs: 500});
}

/** Opens a session on a bundled server. */
export function openBundled(name: string, env: Record<string, string> = {}, options: Partial<SessionOptions> = {}) {
  return McpSession.open(bundled(name, env), {label: name.replace(/\.mjs$/, ''), clientInfo: {name: 'breakerbox-test', version: '0'}, ...options});
}
