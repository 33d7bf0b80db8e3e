// What `breakerbox import` prints: the servers it found, and after merging,
// what was added, renamed, converted, left out, and which variables to export.
// Names and paths come from other programs' files: control characters are
// stripped before they reach the terminal. Secret values are never printed.
import {CLIENT_NAMES} from '../../config/other-clients.js';
import type {Candidate} from '../../config/import/normalize.js';
import type {ImportPlan} from '../../config/import/plan.js';
import {stripControlLine} from '../../util/sanitize.js';

/** Shortens paths under the home directory to `~/…`. */
export type ShowPath = (path: string) => string;

/** The numbered table of found servers. */
export function foundTable(candidates: readonly Candidate[], show: ShowPath): string {
  const rows = candidates.map((c, i) => [String(i + 1), safe(c.source.name), c.problem ? '?' : c.transport, CLIENT_NAMES[c.source.client], show(c.source.file.path)]);
  const widths = [0, 1, 2, 3].map((col) => Math.max(...rows.map((r) => r[col]!.length), ['#', 'server', 'transport', 'client'][col]!.length));
  const line = (r: string[]) => '  ' + r.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ');
  return [line(['#', 'server', 'transport', 'client', 'file']), ...rows.map(line)].join('\n');
}

/** Everything the import did or would do. */
export function importReport(plan: ImportPlan, o: {target: string; dryRun: boolean; remoteAhead: boolean; show: ShowPath; env: NodeJS.ProcessEnv}): string {
  const out: string[] = [];
  const n = plan.additions.length;
  out.push(`${o.dryRun ? 'Would add' : 'Added'} ${n} server${n === 1 ? '' : 's'} to ${o.target}${n ? ':' : '.'}`);
  for (const a of plan.additions) {
    const from = `${safe(a.candidate.source.name)} (${CLIENT_NAMES[a.candidate.source.client]}, ${a.candidate.transport})`;
    out.push(`  ${a.alias} ← ${from}${a.renamed ? `: renamed, ${safe(a.renamed)}` : ''}`);
  }
  const section = (title: string, lines: string[]) => lines.length && out.push('', title, ...lines.map((l) => `  ${l}`));
  section('Keys converted:', plan.additions.flatMap((a) => a.candidate.converted.map((c) => `${a.alias}: ${safe(c)}`)));
  section('Keys without an equivalent (left out):', plan.additions.flatMap((a) => a.candidate.unmapped.map((u) => `${a.alias}: ${safe(u)}`)));
  section('Not imported:', plan.skipped.map((s) => `${safe(s.candidate.source.name)} (${CLIENT_NAMES[s.candidate.source.client]}): ${safe(s.why).replaceAll('\n', '\n    ')}`));
  if (o.remoteAhead) {
    out.push('', 'Remote (url) servers were written as {"type", "url", "headers"}; this build of breakerbox cannot run remote servers yet and stops at startup with a config error naming them: remove them with `breakerbox remove <alias>` until it can.');
  }
  const kept = keptReferences(plan);
  if (kept.length) {
    const unset = kept.filter((v) => o.env[v] === undefined);
    out.push('', `Variables the servers read from your environment: ${kept.join(', ')}${unset.length ? ` (not set now: ${unset.join(', ')})` : ''}`);
  }
  if (plan.secrets.size) {
    out.push('', 'Secrets were not copied into the file. Export these variables before starting breakerbox:');
    for (const [variable, uses] of plan.secrets) {
      const first = uses[0]!;
      const whence = first.input
        ? `VS Code asks for it (input "${safe(first.input.id)}"${first.input.description ? `: ${safe(first.input.description)}` : ''}) in ${o.show(first.where.split(' at ')[0]!)}`
        : `the value is in ${o.show(first.where)}`;
      out.push(`  export ${variable}=…   # ${whence}`);
    }
  }
  return out.join('\n');
}

// `${NAME}` references the sources already had (not the ones standing in for secrets).
function keptReferences(plan: ImportPlan): string[] {
  const names = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const m of v.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g)) names.add(m[1]!);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const a of plan.additions) walk(a.candidate.entry);
  return [...names].filter((n) => !plan.secrets.has(n)).sort();
}

function safe(text: string): string {
  return stripControlLine(text);
}
