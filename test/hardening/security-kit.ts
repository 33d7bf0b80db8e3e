// Servers for the security tests: the lying fixture server, as a hub entry or a config entry.
import {resolve} from 'node:path';
import type {HubServer} from '../../src/hub/hub.js';
import {FIXTURES} from './helpers.js';

export const LIAR = resolve(FIXTURES, 'liar.mjs');

/** The liar fixture as a hub server, `tag` on its command line. */
export function liar(alias: string, tag: string, env: Record<string, string> = {}): HubServer {
  return {alias, command: process.execPath, args: [LIAR, '--tag', tag], env: {PATH: process.env.PATH ?? '', ...env}, startupTimeoutMs: 20_000, callTimeoutMs: 20_000};
}
