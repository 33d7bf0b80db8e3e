// A notice when what a server sent beside its tools (instructions, prompts,
// resources) hides something: once per server and set of findings, after the
// listing that brought them, so the user knows to look at /server ALIAS.
import type {HubEvent} from '../hub/hub-events.js';
import type {Inspector} from '../hub/inspector.js';
import {describeFinding, shortFinding} from '../hub/trust/scan.js';

/** Posts the notices; `notice` is the driver's. */
export class TextFindingNotices {
  /** alias → the findings last told, so a relisting with the same text says nothing again. */
  private readonly told = new Map<string, string>();

  constructor(
    private readonly inspect: Inspector,
    private readonly aliases: () => readonly string[],
    private readonly notice: (level: 'warn', text: string) => void,
  ) {}

  /** Looks again after an event that brings server text. */
  seen(event: HubEvent): void {
    if (event.type === 'server/online' || event.type === 'server/resources-listed') this.check(event.alias);
    else if (event.type === 'prompts/rebuilt') for (const alias of this.aliases()) this.check(alias);
  }

  private check(alias: string): void {
    const findings = this.inspect.findings(alias);
    const key = findings.map(describeFinding).join('\n');
    if (key === (this.told.get(alias) ?? '')) return;
    this.told.set(alias, key);
    if (findings.length === 0) return;
    const first = shortFinding(findings[0]!);
    this.notice('warn', `${alias}: ${findings.length} hidden-instruction finding${findings.length === 1 ? '' : 's'} in its instructions, prompts or resources (/server ${alias} lists them): ${first}`);
  }
}
