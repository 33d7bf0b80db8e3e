// The side effects of debugging a server by hand: opening a view loads what
// it shows (a server's details, a resource), and the user's own actions go
// to the hub (read, watch, relist, log level, completion). Calls by hand are
// in manual-call.ts. Every outcome becomes an event; nothing here throws.
import {promptTurnText, resourceRefs, withAttachments, type Attachment} from '../agent/compose.js';
import type {Inspector} from '../hub/inspector.js';
import type {HubOutcome} from '../hub/inspect-types.js';
import type {AppState} from '../state/app-state.js';
import type {AppEvent} from '../state/events.js';
import type {InspectView, ResourceReadView} from '../state/inspect-state.js';
import {serverOf} from '../state/servers.js';
import {shortFinding, type Finding} from '../hub/trust/scan.js';
import {readView} from './read-view.js';

/** What the inspector actions need from the driver. */
export interface InspectDeps {
  hub: {
    readonly inspect: Inspector;
    relist(alias: string): ReturnType<Inspector['relist']>;
    setLogLevel(alias: string, level: string): ReturnType<Inspector['setLogLevel']>;
    /** Starts a resting lazy server; undefined when it is not resting (or the hub cannot). */
    wake?(alias: string): Promise<boolean> | undefined;
  };
  state(): AppState;
  dispatch(event: AppEvent): void;
  notice(level: 'info' | 'warn' | 'error', text: string): void;
  /** Sends a question as the user's turn (false when refused: a turn runs). */
  ask(text: string): boolean;
}

/** The inspector's actions, one set per driver. */
export class InspectActions {
  constructor(private readonly d: InspectDeps) {}

  /** Opens a view over the conversation and loads what it shows. */
  open(view: InspectView, replace = false): void {
    this.d.dispatch({type: 'inspect/opened', view, replace});
    if (view.kind === 'server') this.openServer(view.alias);
    if (view.kind === 'resource') void this.read(view.alias, view.uri);
  }

  /**
   * Opening a lazy server that is not running starts it, as its first call
   * would (issue #18): the user asked to look at it, and a resting server has
   * nothing live to show. Its row and the detail follow the start.
   */
  private openServer(alias: string): void {
    const starting = this.d.hub.wake?.(alias);
    this.loadDetail(alias);
    if (!starting) return;
    void starting.then((online) => {
      // A failed start has its own notice (the server went offline, with why).
      const ms = serverOf(this.d.state(), alias)?.discoveryMs;
      if (online) this.d.notice('info', `${alias} started${ms === undefined ? '' : ` in ${ms} ms`} (a lazy server: opening it started it)`);
      const v = this.d.state().inspect.view;
      if (v?.kind === 'server' && v.alias === alias) this.loadDetail(alias);
    });
  }

  close(all = false): void {
    this.d.dispatch({type: 'inspect/closed', all});
  }

  /** A fresh snapshot of one server's details (era, capabilities, pages, restarts, circuit…). */
  loadDetail(alias: string): void {
    const detail = this.d.hub.inspect.detail(alias);
    if (detail) this.d.dispatch({type: 'inspect/detail-loaded', detail});
  }

  /** Reads a resource for the resource view. */
  async read(alias: string, uri: string): Promise<ResourceReadView> {
    this.d.dispatch({type: 'resource/read', read: {alias, uri, state: 'reading'}});
    const outcome = await this.d.hub.inspect.readResource(alias, uri);
    this.resourceFindings(alias, uri, outcome.findings, 'shown here');
    const read = readView(alias, uri, outcome, this.d.state().limits.previewChars * 10);
    this.d.dispatch({type: 'resource/read', read});
    return read;
  }

  /** Starts or stops watching a resource for updates. */
  async toggleWatch(alias: string, uri: string): Promise<void> {
    if (this.d.hub.inspect.watching(alias).includes(uri)) {
      this.d.hub.inspect.unwatch(alias, uri);
      this.d.dispatch({type: 'resource/watch-changed', alias, uri, watching: false});
      this.d.notice('info', `${alias}: no longer watching ${uri}`);
      return;
    }
    const outcome = await this.d.hub.inspect.watch(alias, uri);
    if (outcome.ok) this.d.dispatch({type: 'resource/watch-changed', alias, uri, watching: true});
    this.d.notice(outcome.ok ? 'info' : 'error', outcome.ok ? `${alias}: watching ${uri} (an update marks it ●)` : `${alias}: cannot watch ${uri}: ${outcome.error}`);
  }

  /** `/relist`: the listing again, page by page in the trace pane, and a notice with the diff. */
  async relist(alias: string): Promise<void> {
    if (!this.d.state().ui.traceVisible || this.d.state().ui.traceAlias !== alias) this.d.dispatch({type: 'ui/trace-toggled', alias});
    const outcome = await this.d.hub.relist(alias);
    if (!outcome.ok) return this.d.notice('error', `relist ${alias}: ${outcome.error}`);
    const r = outcome.value;
    const diff = [r.added.length && `${r.added.length} added`, r.removed.length && `${r.removed.length} removed`, r.changed.length && `${r.changed.length} changed`].filter(Boolean).join(', ');
    this.d.notice('info', `relist ${alias}: ${r.pages.length} page(s) in ${r.durationMs} ms; ${diff || 'no change'} (${r.unchanged} unchanged; the trace pane has every page)`);
    if (this.d.state().inspect.view?.kind === 'server') this.loadDetail(alias);
  }

  /** `/loglevel`: what a server sends from now on. */
  async setLogLevel(alias: string, level: string): Promise<void> {
    const outcome = await this.d.hub.setLogLevel(alias, level);
    this.d.notice(outcome.ok ? 'info' : 'error', outcome.ok ? `${alias}: log level ${level}: ${outcome.value}` : `loglevel ${alias}: ${outcome.error}`);
  }

  /** Completion values for one prompt argument (shown under the field). */
  async complete(prompt: string, argument: string, value: string, context: Record<string, string>): Promise<void> {
    const outcome = await this.d.hub.inspect.complete({prompt}, {name: argument, value}, context);
    const key = `${prompt}\0${argument}`;
    if (outcome.ok) this.d.dispatch({type: 'completion/offered', completion: {key, values: outcome.value.values, ...(outcome.value.total === undefined ? {} : {total: outcome.value.total})}});
    else if (outcome.failure !== 'capability') this.d.notice('warn', `completion for ${argument}: ${outcome.error}`);
  }

  // Resource text can carry hidden instructions like a prompt's messages: say so where it is used.
  private resourceFindings(alias: string, uri: string, findings: readonly Finding[] | undefined, use: string): void {
    if (!findings?.length) return;
    this.d.notice('warn', `@${alias}:${uri}: ${findings.length} hidden-instruction finding${findings.length === 1 ? '' : 's'} in its text (${use}; tag characters are removed): ${shortFinding(findings[0]!)}`);
  }

  /** Runs a prompt: its messages become the user's turn. False when it could not. */
  async runPrompt(name: string, args: Record<string, string>): Promise<boolean> {
    const outcome = await this.d.hub.inspect.getPrompt(name, args);
    if (!outcome.ok) {
      this.d.notice('error', `${name}: ${outcome.error}`);
      return false;
    }
    const findings = outcome.value.findings;
    if (findings.length > 0) {
      const first = shortFinding(findings[0]!);
      this.d.notice('warn', `${name}: ${findings.length} hidden-instruction finding${findings.length === 1 ? '' : 's'} in the prompt’s messages (they become your turn; tag characters are removed): ${first}`);
    }
    const sent = this.d.ask(promptTurnText(name, outcome.value));
    if (sent && this.d.state().inspect.view?.kind === 'prompt') this.close();
    return sent;
  }

  /**
   * A question with `@alias:uri` references: each resource is read and
   * attached after the question with its source, then the turn starts.
   * A reference that cannot be read stops the question, with the reason.
   */
  async askWithResources(text: string): Promise<boolean> {
    const refs = resourceRefs(text, this.d.state().servers.order);
    if (refs.length === 0) return this.d.ask(text);
    const attachments: Attachment[] = [];
    for (const ref of refs) {
      const outcome: HubOutcome<Attachment['contents']> & {findings?: Finding[]} = await this.d.hub.inspect.readResource(ref.alias, ref.uri);
      if (!outcome.ok) {
        this.d.notice('error', `@${ref.alias}:${ref.uri} could not be attached: ${outcome.error}`);
        return false;
      }
      this.resourceFindings(ref.alias, ref.uri, outcome.findings, 'attached to your question');
      attachments.push({alias: ref.alias, uri: ref.uri, contents: outcome.value});
    }
    return this.d.ask(withAttachments(text, attachments));
  }
}
