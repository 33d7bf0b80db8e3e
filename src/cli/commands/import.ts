// `breakerbox import [--from CLIENT] [--dry-run] [--all | --only a,b]`: finds
// other clients' MCP configs, shows what is in them, and merges the chosen
// servers into mcp.config.json.
import {homedir} from 'node:os';
import {applyImport} from '../../config/import/apply.js';
import {normalize, type Candidate} from '../../config/import/normalize.js';
import {scanSources} from '../../config/import/sources.js';
import {importAlias} from '../../config/import/plan.js';
import {readConfigText, writeConfigText} from '../../config/config-file.js';
import {CLIENT_IDS, clientFiles, placesFromEnv, type ClientId} from '../../config/other-clients.js';
import {UsageError} from '../args.js';
import {foundTable, importReport, type ShowPath} from './import-report.js';
import type {CliIo} from './io.js';
import {configTarget, guarded, parseFlags} from './kit.js';
import {askChoice} from './pick.js';

export const IMPORT_USAGE = `Usage: breakerbox import [--from ${CLIENT_IDS.join('|')}] [--dry-run] [--all | --only NAME,NAME] [--config PATH]`;

/** Runs `breakerbox import`. */
export function run(argv: string[], io: CliIo): Promise<number> {
  return guarded(io, async () => {
    const {values: v, positionals} = parseFlags(argv, {from: {type: 'string', multiple: true}, 'dry-run': {type: 'boolean'}, all: {type: 'boolean'}, only: {type: 'string'}}, IMPORT_USAGE);
    if (v.help) {
      io.stdout.write(`${IMPORT_USAGE}\n`);
      return 0;
    }
    if (positionals.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}\n${IMPORT_USAGE}`);
    if (v.all && v.only !== undefined) throw new UsageError('--all and --only cannot be used together');
    const clients = chosenClients(v.from);
    const home = io.env.HOME || homedir();
    const places = placesFromEnv(io.env, home, io.cwd, io.platform ?? process.platform);
    const show: ShowPath = (p) => (places.home && p.startsWith(places.home + '/') ? `~${p.slice(places.home.length)}` : p);
    const scan = scanSources(clients, places);
    for (const f of scan.files) if (f.error) io.stderr.write(`breakerbox: ${show(f.file.path)}: ${f.error}; skipped\n`);
    const candidates = scan.servers.map((s) => normalize(s, places));
    if (candidates.length === 0) {
      const looked = clients.flatMap((c) => clientFiles(c, places).map((f) => f.path));
      io.stdout.write(`No MCP servers found. Looked in:\n${[...new Set(looked)].map((p) => `  ${show(p)}`).join('\n')}\n`);
      return 0;
    }
    const files = new Set(candidates.map((c) => c.source.file.path)).size;
    io.stdout.write(`Found ${candidates.length} server${candidates.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}:\n${foundTable(candidates, show)}\n\n`);

    const chosen = await choose(candidates, v, io);
    if (chosen.length === 0) {
      io.stdout.write('Nothing chosen; nothing written.\n');
      return 0;
    }
    const target = configTarget(io, v.config);
    const {text: before} = readConfigText(target.path);
    const applied = applyImport(before, target.label, chosen);
    const dryRun = v['dry-run'] === true;
    if (dryRun) io.stdout.write(`${target.label} would become (--dry-run: nothing written):\n${applied.text}${applied.text.endsWith('\n') ? '' : '\n'}\n`);
    else if (applied.plan.additions.length) writeConfigText(target.path, applied.text);
    io.stdout.write(importReport(applied.plan, {target: target.label, dryRun, remoteAhead: applied.remoteAhead, show, env: io.env}) + '\n');
    return 0;
  });
}

function chosenClients(from: string[] | undefined): ClientId[] {
  if (!from) return [...CLIENT_IDS];
  const names = from.flatMap((f) => f.split(',')).map((f) => f.trim()).filter(Boolean);
  for (const n of names) {
    if (!(CLIENT_IDS as readonly string[]).includes(n)) throw new UsageError(`--from ${JSON.stringify(n)}: not a client breakerbox knows; use one of ${CLIENT_IDS.join(', ')}`);
  }
  return [...new Set(names)] as ClientId[];
}

async function choose(candidates: Candidate[], v: {all?: boolean; only?: string; 'dry-run'?: boolean}, io: CliIo): Promise<Candidate[]> {
  if (v.all) return candidates;
  if (v.only !== undefined) {
    const wanted = v.only.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = wanted.filter((w) => !candidates.some((c) => matches(c, w)));
    if (unknown.length) throw new UsageError(`--only: no server named ${unknown.map((u) => JSON.stringify(u)).join(', ')} was found; found: ${[...new Set(candidates.map((c) => c.source.name))].join(', ')}`);
    return candidates.filter((c) => wanted.some((w) => matches(c, w)));
  }
  if (io.stdin.isTTY && io.stdout.isTTY) return askChoice(candidates, io);
  // A preview without a choice shows everything.
  if (v['dry-run']) return candidates;
  throw new UsageError('choose what to import: --all, or --only NAME,NAME (names from the table above); in a terminal breakerbox asks');
}

function matches(c: Candidate, wanted: string): boolean {
  return c.source.name === wanted || importAlias(c.source.name) === wanted || `${c.source.client}:${c.source.name}` === wanted;
}
