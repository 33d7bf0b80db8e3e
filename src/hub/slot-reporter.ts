import type {TraceEvent} from '../connection/connection.js';
import type {DroppedTool, PageRecord} from '../session/list-tools.js';
import type {HubEvent, TraceLine} from './hub-events.js';
import {safeStringify} from '../util/safe-json.js';
import {summarize} from './trace-summary.js';
import {isoTime} from '../util/iso-time.js';

/** Where a slot's observations go. */
export interface ReporterDeps {
  emit: (event: HubEvent) => void;
  /** Whether to summarise every message into trace lines (costs a little per message). */
  trace: boolean;
  /** Raw messages, for `--debug` trace files. */
  rawTrace?: (event: TraceEvent) => void;
  /** Appends to the server's log file. */
  writeLog?: (text: string) => void;
}

/**
 * What one server slot tells the outside besides its lifecycle: trace lines
 * for the trace pane, pages, dropped tools, log entries. Nothing here may
 * throw into the protocol code that calls it.
 */
export class SlotReporter {
  /** What the last listing dropped, as compared: a re-list that drops the same tools says nothing new. */
  private lastDropped = '';

  constructor(
    private readonly alias: string,
    private readonly deps: ReporterDeps,
  ) {}

  note(summary: string, kind: TraceLine['kind'] = 'era'): void {
    if (this.deps.trace) this.deps.emit({type: 'trace/recorded', alias: this.alias, entry: {at: Date.now(), direction: 'note', kind, summary}});
  }

  page(page: PageRecord): void {
    this.deps.emit({type: 'server/page-listed', alias: this.alias, page});
    // The line is written only for the trace pane: a long listing is a hundred pages.
    if (!this.deps.trace) return;
    this.note(`tools/list page ${page.index}: ${page.count} tool${page.count === 1 ? '' : 's'}, cursor in ${page.cursorIn ?? '(none)'} → out ${page.cursorOut ?? '(none: end)'}, ${page.ms} ms`, 'page');
  }

  dropped(dropped: DroppedTool[]): void {
    // A server that sends list_changed after its start (server-everything does, three times) is
    // re-listed; the same warning each time would be noise on the status line and `--print`'s stderr.
    const key = JSON.stringify(dropped.map((d) => [d.name ?? null, d.reason, d.notCallable ?? null]));
    const same = key === this.lastDropped;
    this.lastDropped = key;
    if (dropped.length > 0 && !same) this.deps.emit({type: 'server/tools-dropped', alias: this.alias, dropped});
    for (const d of dropped) this.note(`dropped tool ${JSON.stringify(d.name ?? '?')} (page ${d.page}, #${d.position}): ${d.reason}`);
  }

  /** A server log entry: to the log file and the trace pane, never to the screen directly. */
  logged(params: Record<string, unknown>): void {
    const level = typeof params.level === 'string' ? params.level : 'info';
    const data = typeof params.data === 'string' ? params.data : safeStringify(params.data ?? null, {maxString: 2000});
    const text = `${typeof params.logger === 'string' ? `${params.logger}: ` : ''}${(data ?? '').slice(0, 2000)}`;
    this.deps.writeLog?.(`[${isoTime(new Date())}] ${level} ${text}\n`);
    this.deps.emit({type: 'server/logged', alias: this.alias, level, text});
  }

  /** The connection's trace hook, or undefined when nobody listens (no cost per message then). */
  traceHook(): ((event: TraceEvent) => void) | undefined {
    const {trace, rawTrace, emit} = this.deps;
    if (!trace && !rawTrace) return undefined;
    // The connection calls this from its reader: a throw here (a summary of a
    // hostile value nested 100,000 deep overflows the stack) would drop the
    // message and escape as an uncaught exception. A trace line is not worth that.
    return (event) => {
      try {
        rawTrace?.(event);
      } catch {
        /* the debug trace file skips this one */
      }
      try {
        if (trace) emit({type: 'trace/recorded', alias: this.alias, entry: summarize(event)});
      } catch {
        /* the trace pane skips this one */
      }
    };
  }
}
