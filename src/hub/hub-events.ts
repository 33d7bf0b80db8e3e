import type {PageRecord, DroppedTool} from '../session/list-tools.js';
import type {Catalog, ServerStatus} from './types.js';

/** One line of a server's debug trace. */
export interface TraceLine {
  at: number;
  direction: 'in' | 'out' | 'note';
  kind: 'request' | 'response' | 'notification' | 'error' | 'noise' | 'stderr' | 'era' | 'page' | 'http';
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
  /** Server-initiated requests declined without asking (a flood, or "decline all"); `count` since the last such event. */
  | {type: 'inputs-declined'; alias: string; method: string; reason: 'flood' | 'declined-all'; count: number; text: string};
