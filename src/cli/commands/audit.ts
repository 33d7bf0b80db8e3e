// `breakerbox audit [--json]`: starts every server, lists its tools, and
// reports pin states and hidden-instruction findings. Exit 1 when something
// needs a person's attention (a changed, new, removed or withheld tool, a
// finding, a server that could not be checked), so a team's shared config
// can be audited in CI; a first sight alone is not a finding.
import {formatChange} from '../../hub/trust/diff.js';
import {describeFinding} from '../../hub/trust/scan.js';
import type {CatalogEntry, ServerStatus} from '../../hub/types.js';
import {jsonForTerminal} from '../json-out.js';
import {findingJson, shown, trustLines, trustMarks} from '../trust-lines.js';
import type {CliIo} from './io.js';
import {guarded, parseFlags, toolCount} from './kit.js';
import {withCheckedHub, type CheckedRun} from './trust-run.js';

export const AUDIT_USAGE = 'Usage: breakerbox audit [--json] [--config PATH]';

/** Runs `breakerbox audit`. */
export function run(argv: string[], io: CliIo): Promise<number> {
  return guarded(io, async () => {
    const {values: v} = parseFlags(argv, {json: {type: 'boolean'}}, AUDIT_USAGE);
    if (v.help) {
      io.stdout.write(`${AUDIT_USAGE}\n`);
      return 0;
    }
    return withCheckedHub(io, v.config, (r) => {
      const report = auditReport(r);
      io.stdout.write(v.json ? `${jsonForTerminal(report.json, 2)}\n` : `${report.text}\n`);
      return report.attention > 0 ? 1 : 0;
    });
  });
}

/** Why each entry needs attention (empty: it does not). */
function needs(e: CatalogEntry): string[] {
  const out: string[] = [];
  if (e.withheld) out.push('withheld');
  if (e.pinCheck?.state === 'changed') out.push('changed since pinned');
  if (e.pinCheck?.state === 'new') out.push('new since pinned');
  if ((e.findings?.length ?? 0) > 0) out.push('findings');
  return out;
}

function auditReport(r: CheckedRun): {text: string; json: unknown; attention: number} {
  const catalog = r.hub.catalog;
  const all = [...catalog.entries, ...(catalog.withheld ?? [])];
  const statuses = r.hub.statuses();
  const down = statuses.filter((s) => s.state !== 'online' && s.state !== 'disabled');
  const flagged = all.filter((e) => needs(e).length > 0);
  const removed = catalog.removed ?? [];
  // Instructions go into the system prompt, prompts into the user's turn: scanned like a description.
  const instructions = statuses.map((s) => ({alias: s.alias, findings: r.hub.inspect.findings(s.alias)}));
  const noisy = instructions.filter((i) => i.findings.length > 0);
  const attention = flagged.length + removed.length + down.length + noisy.length;
  const where = r.pinFile ? `${r.pinFile} (the reference for the servers it lists; the others: their records in the state directory)` : 'each server\'s record in the state directory (no mcp.pins.json beside the config; a team writes one with breakerbox pins --write)';
  const lines = [`Audit of ${r.label}; pins from ${where}`, '', 'Servers'];
  for (const s of statuses) lines.push(`  ${s.alias.padEnd(16)} ${serverLine(s, all.filter((e) => e.alias === s.alias))}`);
  lines.push('', 'Tools');
  for (const e of all) lines.push(`  ${e.name}  [${e.withheld ? 'withheld' : (e.pinCheck?.state ?? 'unpinned')}]${trustMarks(e)}`);
  if (all.length === 0) lines.push('  (none)');
  lines.push(...trustLines(catalog, true));
  for (const i of noisy) {
    lines.push('', `Instructions, prompts and resources of ${i.alias}`);
    for (const f of i.findings) lines.push(`    ${shown(describeFinding(f))}`);
  }
  lines.push('', attention === 0 ? 'Nothing needs attention.' : `${attention} item${attention === 1 ? '' : 's'} need${attention === 1 ? 's' : ''} attention (exit 1).`);
  const json = {
    config: r.label,
    pinFile: r.pinFile ?? null,
    servers: statuses.map((s, i) => ({alias: s.alias, state: s.state, reason: s.state === 'online' ? null : (s.reason ?? null), textFindings: instructions[i]!.findings.map(findingJson)})),
    tools: all.map((e) => ({
      name: e.name,
      server: e.alias,
      tool: e.tool,
      pin: e.pinCheck?.state ?? null,
      withheld: e.pinCheck?.withheld ?? [],
      changes: (e.pinCheck?.changes ?? []).map(formatChange),
      findings: (e.findings ?? []).map(findingJson),
      attention: needs(e),
    })),
    removed,
    attention,
  };
  return {text: lines.join('\n'), json, attention};
}

function serverLine(s: ServerStatus, tools: CatalogEntry[]): string {
  if (s.state === 'disabled') return 'disabled';
  if (s.state !== 'online') return `offline: ${shown(`${s.phase ?? ''} failed: ${s.reason ?? ''}`)} (not checked)`;
  const count = (state: string) => tools.filter((e) => e.pinCheck?.state === state).length;
  return `online, ${toolCount(tools.length)}: ${count('pinned')} pinned, ${count('first-seen')} first seen, ${count('new')} new, ${count('changed')} changed`;
}
