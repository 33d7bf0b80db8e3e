// Which transport an entry asks for. Claude Code, VS Code and Cursor write
// `"type": "http"` / `"streamable-http"` / `"sse"` / `"stdio"`, or leave it
// out and give either `command` or `url`; a pasted block must work as is.
import {kindOf} from './schema.js';

/** The transport an entry wants (`sse`: the 2024-11-05 HTTP+SSE transport), or the key that is wrong and why. */
export type TransportOf = {type: 'stdio' | 'http'; sse: boolean} | {key: string; message: string};

const TYPES: Readonly<Record<string, {type: 'stdio' | 'http'; sse: boolean}>> = {
  stdio: {type: 'stdio', sse: false},
  http: {type: 'http', sse: false},
  'streamable-http': {type: 'http', sse: false},
  sse: {type: 'http', sse: true},
};

/** Decides between a local command and a remote URL. */
export function transportOf(entry: Record<string, unknown>): TransportOf {
  const {type} = entry;
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand && hasUrl) {
    return {key: 'url', message: 'a server has either "command" (a local program breakerbox starts) or "url" (a remote server), not both: remove one'};
  }
  if (type === undefined) return {type: hasUrl ? 'http' : 'stdio', sse: false};
  const known = typeof type === 'string' && Object.hasOwn(TYPES, type) ? TYPES[type] : undefined;
  if (!known) {
    const shown = typeof type === 'string' ? `"${type.slice(0, 40)}"` : kindOf(type);
    return {key: 'type', message: `${shown} is not a transport breakerbox knows: use "stdio" (with a "command") or "http" (with a "url"), or leave "type" out`};
  }
  if (known.type === 'stdio' && hasUrl) {
    return {key: 'type', message: '"stdio" runs a local "command", but this entry has a "url": write "type": "http" for a remote server'};
  }
  if (known.type === 'http' && hasCommand) {
    return {key: 'type', message: `"${type}" is a remote server reached by "url", but this entry has a "command": write "type": "stdio", or give a "url" instead`};
  }
  return known;
}
