import type {ServerStatus} from './types.js';

/** Every member of T, each written out (an optional one may be undefined): a member added to ServerStatus and forgotten here fails to compile instead of being dropped. */
type EveryMember<T> = {[K in keyof Required<T>]: T[K]};

/**
 * `prev` with `change` applied, written as one literal that holds every
 * member in one order (an explicit undefined in `change` clears a member).
 * A spread that adds members, `{...status, attempt: undefined}`, gives V8 no
 * transition to reuse: each status made so got a hidden class of its own
 * (its map and descriptors: ~0.4 KB kept, up to ~3 KB made, per change),
 * a few per start of every server (issue #17, BENCHMARKS.md §30).
 */
export function statusWith(prev: ServerStatus, change: Partial<ServerStatus>): ServerStatus {
  const c = change;
  const next: EveryMember<ServerStatus> = {
    alias: c.alias ?? prev.alias,
    state: c.state ?? prev.state,
    attempt: 'attempt' in c ? c.attempt : prev.attempt,
    era: 'era' in c ? c.era : prev.era,
    protocolVersion: 'protocolVersion' in c ? c.protocolVersion : prev.protocolVersion,
    eraDecision: 'eraDecision' in c ? c.eraDecision : prev.eraDecision,
    serverName: 'serverName' in c ? c.serverName : prev.serverName,
    toolCount: c.toolCount ?? prev.toolCount,
    pages: c.pages ?? prev.pages,
    discoveryMs: 'discoveryMs' in c ? c.discoveryMs : prev.discoveryMs,
    phase: 'phase' in c ? c.phase : prev.phase,
    reason: 'reason' in c ? c.reason : prev.reason,
    failedAt: 'failedAt' in c ? c.failedAt : prev.failedAt,
    trusted: c.trusted ?? prev.trusted,
    circuitOpenUntil: 'circuitOpenUntil' in c ? c.circuitOpenUntil : prev.circuitOpenUntil,
    instructions: 'instructions' in c ? c.instructions : prev.instructions,
    capabilities: 'capabilities' in c ? c.capabilities : prev.capabilities,
    logFile: 'logFile' in c ? c.logFile : prev.logFile,
    transport: 'transport' in c ? c.transport : prev.transport,
    url: 'url' in c ? c.url : prev.url,
    starting: 'starting' in c ? c.starting : prev.starting,
    warning: 'warning' in c ? c.warning : prev.warning,
    cached: 'cached' in c ? c.cached : prev.cached,
  };
  return next;
}
