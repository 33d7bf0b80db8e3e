// What the hub tells whoever listens, in the past tense and one fact at a
// time: the store builds its server rows from these, never from status
// snapshots. Nothing is built when nobody listens (`onEvent` unset).
import type {DroppedTool, PageRecord} from '../session/list-tools.js';
import type {Era, ServerCapabilities} from '../session/mcp-types.js';
import type {EraDecision} from '../session/era.js';
import type {ServerResources} from './inspect-types.js';
import type {PromptTable} from './prompt-table.js';
import type {StartingProgress} from './startup-watch.js';
import type {Catalog, FailurePhase, HubCallResult} from './types.js';
import type {CacheBreak} from './catalog.js';

/** One line of a server's debug trace. */
export interface TraceLine {
  /** ms since epoch. */
  at: number;
  direction: 'in' | 'out' | 'note';
  /** `user`: something the person did by hand (a call, a relist), not the model. */
  kind: 'request' | 'response' | 'notification' | 'error' | 'noise' | 'stderr' | 'era' | 'page' | 'http' | 'user';
  summary: string;
}

/** What discovery found out about a server that came online. */
export interface OnlineDetails {
  era: Era;
  protocolVersion: string;
  /** How the era was decided: probe, remembered, pinned, respawned-after-probe. */
  eraDecision?: EraDecision;
  /** Self-reported `serverInfo.name`: display only. */
  serverName?: string;
  instructions?: string;
  /** What the server declared it can do (resources, prompts, completions, logging…). */
  capabilities?: ServerCapabilities;
  /** Tools kept after the config's include/exclude filters. */
  toolCount: number;
  pages: number;
  discoveryMs: number;
}

/** Every event the hub emits. */
export type HubEvent =
  /** The hub began starting the server (first start or `/reconnect`). */
  | {type: 'server/starting'; alias: string}
  /** Still starting after a while, with signs of life (a package being installed, output on stderr). */
  | ({type: 'server/still-starting'; alias: string} & StartingProgress)
  /** The server's cached tool list (listed at `listedAt`, ISO) is offered until it lists its own. */
  | {type: 'server/catalog-cached'; alias: string; toolCount: number; listedAt: string}
  /** A lazy server is not running (not started yet, or stopped after `idleStopMs` without a call): its cached tools are offered, the next call starts it. */
  | {type: 'server/not-started'; alias: string; toolCount: number; listedAt: string; reason: 'lazy' | 'idle'}
  /** The live list differed from the cached one that was offered: tool names added, removed and changed. */
  | {type: 'server/catalog-corrected'; alias: string; added: string[]; removed: string[]; changed: string[]}
  /** One page of the server's tool list arrived. */
  | {type: 'server/page-listed'; alias: string; page: PageRecord}
  /** Discovery finished; the server is online. */
  | ({type: 'server/online'; alias: string} & OnlineDetails)
  /** The server failed in `phase` and is offline until restarted by hand. */
  | {type: 'server/offline'; alias: string; phase: FailurePhase; reason: string}
  /** The server's process ended unexpectedly. */
  | {type: 'server/exited'; alias: string; code: number | null; signal: string | null}
  /** The hub is starting the server again after an exit (attempt counts from 1). */
  | {type: 'server/restarting'; alias: string; attempt: number; reason: string}
  /** The server announced that its tool list changed; a new listing follows. */
  | {type: 'server/tools-changed'; alias: string}
  /** A new listing (after a change) replaced the server's tools. */
  | {type: 'server/tools-listed'; alias: string; toolCount: number; pages: number}
  /** Tools the listing could not use, with reasons. */
  | {type: 'server/tools-dropped'; alias: string; dropped: DroppedTool[]}
  /** The circuit breaker opened (`openUntil` set) or closed. */
  | {type: 'server/circuit-changed'; alias: string; openUntil?: number}
  /** A call was sent to the server. */
  | {type: 'server/call-started'; alias: string; tool: string}
  /** A call to the server ended, however it ended. */
  | {type: 'server/call-finished'; alias: string; tool: string; durationMs: number; failure?: HubCallResult['failure']}
  /** The server sent a log message (`notifications/message`). */
  | {type: 'server/logged'; alias: string; level: string; text: string}
  /** The tool table changed; `broke` when tools were removed or altered (the prompt cache starts over). */
  | {type: 'catalog/rebuilt'; catalog: Catalog; broke?: CacheBreak}
  /** One line for a server's protocol trace (only when tracing is on). */
  | {type: 'trace/recorded'; alias: string; entry: TraceLine}
  /** A server's resources and templates were listed (empty when it went offline). */
  | ({type: 'server/resources-listed'} & ServerResources)
  /** The prompt table changed (a server listed its prompts, or went offline). */
  | {type: 'prompts/rebuilt'; table: PromptTable}
  /** A watched resource changed (`notifications/resources/updated`). */
  | {type: 'server/resource-updated'; alias: string; uri: string}
  /** The log level asked of a server changed (`/loglevel`). */
  | {type: 'server/log-level-changed'; alias: string; level: string}
  /** Server-initiated requests declined without asking (a flood, or "decline all"); `count` since the last such event. */
  | {type: 'server/inputs-declined'; alias: string; method: string; reason: 'flood' | 'declined-all'; count: number; text: string};
