// What a run's caller decides before its parts are wired (../cli/app-parts.ts
// decides it): the hub and the store take part of it (./hub-store.ts), the
// driver the rest (./app.ts).
import type {ApprovalRules} from '../agent/approvals.js';
import type {Model, ModelMessage} from '../agent/model.js';
import type {ToolSearchSettings} from '../agent/tool-search/settings.js';
import type {ServerConfig} from '../config/index.js';
import type {TraceEvent} from '../connection/connection.js';
import type {HubOptions, HubServer} from '../hub/hub.js';
import type {Limits} from '../state/app-state.js';
import type {Accounts} from './accounts.js';
import type {TurnRecorder} from './session-recording.js';

/** What the caller has decided: servers, model, rules, and how this run talks to the user. */
export interface AppOptions {
  /** The config's servers, each with its finished child environment. */
  servers: Array<ServerConfig & HubServer>;
  model: Model;
  maxSteps: number;
  rules: ApprovalRules;
  /** False for `--print` and `--list-tools`: nobody can be asked. */
  interactive: boolean;
  resultCap?: number;
  /** `--result-tokens`: the token budget of one result where a server sets no maxResultTokens. */
  resultTokens?: number;
  /** When tools are deferred behind search; per-server `deferTools` comes from `servers`. */
  toolSearch?: Pick<ToolSearchSettings, 'mode' | 'thresholdTokens'>;
  recorder?: TurnRecorder;
  history?: ModelMessage[];
  /** Summarise every message into the trace pane. */
  trace?: boolean;
  rawTrace?: (alias: string, event: TraceEvent) => void;
  logDir?: string;
  /** Per-server records (era memory; see HubOptions.records). */
  records?: HubOptions['records'];
  /** Per-result limits the hub applies (see HubOptions.results). */
  results?: HubOptions['results'];
  columns?: number;
  rows?: number;
  limits?: Partial<Limits>;
  /** How often elapsed times move while a turn runs (the TUI); never by default. */
  tickMs?: number;
  /** List each server's resources and prompts as it comes online (the TUI, --list-resources, --list-prompts). */
  listExtras?: boolean;
  /** The remote servers' logins (`/login`, `/logout`). */
  accounts?: Accounts;
  /** Where tool pins are kept (see HubOptions.pins). */
  pins?: HubOptions['pins'];
  /** Processes the CLI spawned before the hub loaded (see HubOptions.adopt). */
  adopt?: HubOptions['adopt'];
}
