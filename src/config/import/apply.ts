// Writes a plan into the config text and checks the result with the startup
// loader. A server the loader would refuse is left out with the loader's own
// words, and the rest are planned again; a problem that belongs to no
// imported server stops the import.
import {ConfigError} from '../config-error.js';
import {configProblems, newProblems} from '../config-file.js';
import {addServerText} from '../edit.js';
import {formatPath} from '../path.js';
import type {Candidate} from './normalize.js';
import {planImport, type ImportPlan} from './plan.js';

/** The new text and what went into it. */
export interface AppliedImport {
  text: string;
  plan: ImportPlan;
  /** True when remote entries were written that this build's loader cannot start yet. */
  remoteAhead: boolean;
}

/** Adds the chosen servers to `before` (the config's text). Throws ConfigError for problems outside them. */
export function applyImport(before: string, label: string, chosen: readonly Candidate[]): AppliedImport {
  const existing = existingServers(before, label);
  const refused: ImportPlan['skipped'] = [];
  let pool = [...chosen];
  const remoteOk = loaderRunsRemote();
  for (;;) {
    const plan = planImport(pool, existing);
    let text = before;
    for (const a of plan.additions) text = addServerText(text, label, a.alias, a.candidate.entry);
    const remote = new Set(plan.additions.filter((a) => a.candidate.transport !== 'stdio').map((a) => a.alias));
    const problems = newProblems(before, text, label).filter((p) => remoteOk || ![...remote].some((alias) => about(p, label, alias)));
    if (problems.length === 0) return {text, plan: {...plan, skipped: [...plan.skipped, ...refused]}, remoteAhead: !remoteOk && remote.size > 0};
    const bad = plan.additions.filter((a) => problems.some((p) => about(p, label, a.alias)));
    if (bad.length === 0) throw new ConfigError(problems);
    for (const b of bad) refused.push({candidate: b.candidate, why: problems.filter((p) => about(p, label, b.alias)).join('\n')});
    pool = pool.filter((c) => !bad.some((b) => b.candidate === c));
  }
}

function about(problem: string, label: string, alias: string): boolean {
  const prefix = `${label}: ${formatPath(['mcpServers', alias])}`;
  return problem.startsWith(prefix) && /^[.[:]/.test(problem.slice(prefix.length));
}

function existingServers(text: string, label: string): Map<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(configProblems(text, label));
  }
  const block = (data as {mcpServers?: unknown})?.mcpServers;
  return new Map(block && typeof block === 'object' && !Array.isArray(block) ? Object.entries(block) : []);
}

// Remote servers arrive with the HTTP transport (config keys `type`, `url`,
// `headers`). Until the loader accepts them, imported remote entries are
// written in that shape anyway and reported as waiting for it.
let remoteProbe: boolean | undefined;
function loaderRunsRemote(): boolean {
  remoteProbe ??= configProblems('{"mcpServers": {"probe": {"type": "http", "url": "https://example.com/mcp"}}}', 'probe').length === 0;
  return remoteProbe;
}
