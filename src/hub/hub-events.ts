import type {PageRecord, DroppedTool} from '../session/list-tools.js';
import type {ServerResources} from './inspect-types.js';
import type {PromptTable} from './prompt-table.js';
import type {Catalog, ServerStatus} from './types.js';

/** One line of a server's debug trace. */
export interface TraceLine {
  at: number;
  direction: 'in' | 'out' | 'note';
  kind: 'request' | 'response' | 'notification' | 'error' | 'noise' | 'stderr' | 'era' | 'page';
  summary: string;
}

/** What the hub tells its driver; the driver turns these into reducer events. */
export type HubEvent =
  | {type: 'status'; status: ServerStatus}
  | {type: 'page'; alias: string; page: PageRecord}
  | {type: 'dropped'; alias: string; dropped: DroppedTool[]}
  | {type: 'catalog'; catalog: Catalog}
  | {type: 'trace'; alias: string; line: TraceLine}
  | {type: 'log'; alias: string; level: string; text: string}
  /** A server's resources and templates were listed (empty when it went offline). */
  | ({type: 'server/resources-listed'} & ServerResources)
  /** The prompt table changed (a server listed its prompts, or went offline). */
  | {type: 'prompts/rebuilt'; table: PromptTable}
  /** A watched resource changed (`notifications/resources/updated`). */
  | {type: 'server/resource-updated'; alias: string; uri: string}
  /** The log level asked of a server changed (`/loglevel`). */
  | {type: 'server/log-level-changed'; alias: string; level: string}
  /** Server-initiated requests declined without asking (a flood, or "decline all"); `count` since the last such event. */
  | {type: 'inputs-declined'; alias: string; method: string; reason: 'flood' | 'declined-all'; count: number; text: string};
