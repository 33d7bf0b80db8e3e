// Notices for trust on first use, so the user knows where to look: a tool
// newly withheld (changed since pinned, or hiding invisible characters) or
// removed since pinned, and hidden-instruction findings in what a server
// sent beside its tools (instructions, prompts, resources). Each is told
// once, not again on every rebuild or relisting that finds the same.
import type {HubEvent} from '../hub/hub-events.js';
import type {Inspector} from '../hub/inspector.js';
import {describeFinding, shortFinding} from '../hub/trust/scan.js';

/** Posts the notices; `notice` is the driver's. */
export class TrustNotices {
  /** alias → the findings last told. */
  private readonly told = new Map<string, string>();
  /** Withheld tools already told, with why. */
  private readonly held = new Set<string>();

  constructor(
    private readonly inspect: Inspector | undefined,
    private readonly aliases: () => readonly string[],
    private readonly notice: (level: 'warn', text: string) => void,
  ) {}

  /** Looks again after an event that brings tools or server text. */
  seen(event: HubEvent): void {
    if (event.type === 'catalog/rebuilt') this.withheld(event);
    else if (event.type === 'server/online' || event.type === 'server/resources-listed') this.check(event.alias);
    else if (event.type === 'prompts/rebuilt') for (const alias of this.aliases()) this.check(alias);
  }

  private withheld(event: Extract<HubEvent, {type: 'catalog/rebuilt'}>): void {
    const now = new Set<string>();
    for (const e of event.catalog.withheld ?? []) {
      const why = (e.pinCheck?.withheld ?? []).join('+');
      const key = `${e.name}\0${why}`;
      now.add(key);
      if (this.held.has(key)) continue;
      const what = e.pinCheck?.state === 'changed' ? 'changed since pinned' : 'hides invisible characters';
      this.notice('warn', `${e.name} ${what}: withheld from the model; /tool ${e.name} shows why, /trust ${e.name} accepts it`);
    }
    for (const r of event.catalog.removed ?? []) {
      const key = `removed\0${r.alias}\0${r.tool}`;
      now.add(key);
      if (!this.held.has(key)) this.notice('warn', `${r.alias} no longer lists ${r.tool}, a tool pinned before (removed)`);
    }
    // A tool trusted (or gone) and withheld again later is told again.
    this.held.clear();
    for (const key of now) this.held.add(key);
  }

  private check(alias: string): void {
    if (!this.inspect) return;
    const findings = this.inspect.findings(alias);
    const key = findings.map(describeFinding).join('\n');
    if (key === (this.told.get(alias) ?? '')) return;
    this.told.set(alias, key);
    if (findings.length === 0) return;
    // Short before the first finding: an 80-column status line shows the start.
    this.notice('warn', `${alias}: ${findings.length} hidden-instruction finding${findings.length === 1 ? '' : 's'} outside its tools (/server ${alias}): ${shortFinding(findings[0]!)}`);
  }
}
