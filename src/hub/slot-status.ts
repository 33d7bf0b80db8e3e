import type {ServerStatus} from './types.js';

/** Every member of T written out (an optional one as undefined). */
type EveryMember<T> = {[K in keyof Required<T>]: T[K]};

/**
 * A server's first status, with every member of ServerStatus present (the
 * absent ones undefined), so that each later status, a spread of the one
 * before (`{...status, state: 'online'}`), only overwrites members. A spread
 * that adds a member gives V8 no transition to reuse: when the first status
 * held only some members, each status made so got a hidden class of its own
 * (~2.4 KB a server per start, ~0.56 KB now; issue #17, BENCHMARKS.md §30).
 * A member added to ServerStatus and forgotten here fails to compile.
 */
export function firstStatus(s: Pick<ServerStatus, 'alias' | 'state' | 'trusted' | 'logFile' | 'transport' | 'url' | 'warning'>): ServerStatus {
  const status: EveryMember<ServerStatus> = {
    alias: s.alias,
    state: s.state,
    attempt: undefined,
    era: undefined,
    protocolVersion: undefined,
    eraDecision: undefined,
    serverName: undefined,
    toolCount: 0,
    pages: 0,
    discoveryMs: undefined,
    phase: undefined,
    reason: undefined,
    failedAt: undefined,
    trusted: s.trusted,
    circuitOpenUntil: undefined,
    instructions: undefined,
    capabilities: undefined,
    logFile: s.logFile,
    transport: s.transport,
    url: s.url,
    starting: undefined,
    warning: s.warning,
    cached: undefined,
  };
  return status;
}
