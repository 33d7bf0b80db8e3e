// The server detail view and its log view.
import type {LogEntry, ServerDetail} from '../../hub/inspect-types.js';
import {failurePrefix} from '../../hub/types.js';
import {fitLine, seg, type Line} from '../line.js';
import {SERVER_STATE} from '../symbols.js';
import {clockTime, formatMs, plural} from '../text/format.js';
import {safeLine} from '../text/safe.js';
import type {Tone} from '../theme.js';
import {showInvisible} from '../../util/visible.js';
import {heading, labelled, textBlock} from './blocks.js';
import {findingLines} from './pin-lines.js';

/** Every row of the server view. */
export function serverDetailLines(d: ServerDetail, width: number): Line[] {
  const s = d.status;
  const {symbol, tone} = SERVER_STATE[s.state];
  const who = d.serverInfo ? `reports itself as “${safeLine(d.serverInfo.name)}”${d.serverInfo.version ? ` ${safeLine(d.serverInfo.version)}` : ''}` : '';
  const lines: Line[] = [
    fitLine([seg(`${symbol} `, tone, true), seg(safeLine(d.alias), undefined, true), seg(`  ${s.state}`, tone, true), seg(s.era ? `  ${s.era} era · ${safeLine(s.protocolVersion ?? '')}` : ''), seg(who ? `  ${who}` : '', 'muted')], width),
  ];
  if (s.reason) lines.push(...textBlock(`${failurePrefix(s.phase)}${s.reason}`, width, 'error'));
  lines.push([], heading('Era'), ...textBlock(d.eraDecision ?? 'not decided yet (the server is not online)', width));
  lines.push([], heading('Capabilities'), ...textBlock(capabilities(d), width));
  lines.push([], heading('Instructions'), ...(d.instructions ? textBlock(showInvisible(d.instructions), width) : [[seg('  none', 'muted')] as Line]));
  lines.push([], heading(`Hidden instructions: ${d.findings.length === 0 ? 'nothing found' : plural(d.findings.length, 'finding')}`), ...textBlock('(its instructions and the texts of its prompts and resources, scanned like tool descriptions)', width, 'muted'));
  lines.push(...findingLines(d.findings, width));
  lines.push([], heading(`Last tools/list: ${plural(d.listing.length, 'page')}`));
  for (const p of d.listing) {
    const cursors = `cursor in ${p.cursorIn ? JSON.stringify(p.cursorIn.slice(0, 24)) : '(none)'} → out ${p.cursorOut ? JSON.stringify(p.cursorOut.slice(0, 24)) : '(none: end)'}`;
    lines.push(fitLine([seg(`  page ${p.index}: `, 'muted'), seg(`${plural(p.count, 'tool')}, ${cursors}, ${formatMs(p.ms)}`)], width));
    if (p.names?.length) lines.push(...textBlock(p.names.join(', '), width, 'muted', 4, 4));
  }
  // Task-only tools are valid, just not run here: listed apart from the malformed ones.
  const notCallable = d.droppedTools.filter((t) => t.notCallable);
  const dropped = d.droppedTools.filter((t) => !t.notCallable);
  if (notCallable.length > 0) {
    lines.push([], heading(`Not callable here: ${notCallable.length}`));
    for (const t of notCallable) lines.push(...textBlock(`${t.tool}: ${t.reason}`, width, 'muted'));
  }
  lines.push([], heading(`Dropped tools: ${dropped.length}`));
  for (const t of dropped) lines.push(...textBlock(`${t.tool}: ${t.reason}`, width, 'warn'));
  lines.push([], heading('Health'));
  lines.push(labelled('  circuit', d.circuit.state === 'open' ? [seg(`open until ${clockTime(d.circuit.openUntil!)}`, 'error', true)] : `closed (opens after ${d.circuit.threshold} timeouts or crashes in a row)`, width));
  lines.push(labelled('  restarts', d.restarts.length ? '' : 'none', width));
  for (const r of d.restarts) lines.push(...textBlock(`${clockTime(r.at)} ${r.attempt === 0 ? 'gave up' : `attempt ${r.attempt}`}: ${r.reason}`, width, r.attempt === 0 ? 'error' : 'warn', 4, 3));
  lines.push(labelled('  log file', d.logFile ?? 'none (no state directory)', width));
  lines.push(labelled('  log level asked', `${d.logLevel} (/loglevel ${d.alias} <level>)`, width));
  lines.push(labelled('  offers', `${plural(d.resourceCount, 'resource')}, ${plural(d.promptCount, 'prompt')}`, width));
  return lines;
}

function capabilities(d: ServerDetail): string {
  const c = d.capabilities;
  if (!c) return 'unknown (the server is not online)';
  const parts = Object.entries(c).map(([name, v]) => {
    const flags = v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>).filter(([, on]) => on === true).map(([k]) => k) : [];
    return flags.length ? `${name} (${flags.join(', ')})` : name;
  });
  return parts.join(', ') || 'none declared';
}

const LEVEL_TONE: Readonly<Record<string, Tone>> = {debug: 'muted', info: 'info', notice: 'info', warning: 'warn', error: 'error', critical: 'danger', alert: 'danger', emergency: 'danger'};

/** The log view: the level asked for, then every entry kept, oldest first. */
export function logLines(alias: string, entries: readonly LogEntry[], level: string, width: number): Line[] {
  const lines: Line[] = [
    fitLine([seg('level asked: ', 'muted'), seg(level, 'accent', true), seg(`  (/loglevel ${alias} <level> changes it; the last ${entries.length} kept)`, 'muted')], width),
    [],
  ];
  if (entries.length === 0) lines.push([seg('no log entries yet (notifications/message)', 'muted')]);
  for (const e of entries) {
    const head = [seg(`${clockTime(e.at)} `, 'muted'), seg(`${e.level.padEnd(9)} `, LEVEL_TONE[e.level] ?? 'text', true)];
    const body = textBlock(e.text, width - 23, undefined, 0, 6);
    lines.push(fitLine([...head, ...(body[0] ?? [])], width), ...body.slice(1).map((l) => fitLine([seg(' '.repeat(23)), ...l], width)));
  }
  return lines;
}
