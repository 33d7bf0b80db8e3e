#!/usr/bin/env node
// `npm run conformance`: the official MCP conformance suite against breakerbox's
// client, once per protocol revision (2026-07-28, then 2025-11-25).
//
// The suite is not part of the normal install: it is installed on first use
// into .cache/conformance/<version>/ (gitignored), and it needs Node >= 22,
// which scripts/ensure-node.mjs provides. The client under test is
// test/conformance/client.mjs, driving the built CLI (run `npm run build`
// first; `npm run conformance` does).
//
// What decides the exit code: every scored scenario of a revision, `auth/*`
// included, must pass (at least one passed check, none failed). The suite's
// unscored ones (extensions such as DPoP or client credentials) run too and
// are printed, but only as information.
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const SUITE_VERSION = '0.2.0-alpha.12';
const REVISIONS = process.argv.slice(2).length ? process.argv.slice(2) : ['2026-07-28', '2025-11-25'];
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const node22 = execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-node.mjs'), '22'], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit']}).trim();
const home = join(ROOT, '.cache', 'conformance', SUITE_VERSION);
const cli = join(home, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
if (!existsSync(cli)) {
  const staging = `${home}.tmp-${process.pid}`;
  mkdirSync(staging, {recursive: true});
  process.stderr.write(`conformance: installing @modelcontextprotocol/conformance@${SUITE_VERSION} into ${home} (once)\n`);
  execFileSync('npm', ['install', '--prefix', staging, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `@modelcontextprotocol/conformance@${SUITE_VERSION}`], {stdio: ['ignore', 'ignore', 'inherit']});
  try {
    renameSync(staging, home);
  } catch {
    rmSync(staging, {recursive: true, force: true});
  }
}

const requirementsText = (revision) => readFileSync(join(home, 'node_modules', '@modelcontextprotocol', 'conformance', 'requirements', `${revision}.yaml`), 'utf8');
const requirements = (revision) => {
  const client = requirementsText(revision).split(/^client:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  return [...client.matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((m) => m[1]);
};
/** The client scenarios a revision runs without scoring (extensions, later additions). */
const unscored = (revision) => {
  const part = requirementsText(revision).split(/^not_scored:\s*$/m)[1] ?? '';
  return [...part.matchAll(/-\s+scenario:\s*(\S+)\s*\n\s+leg:\s*client/g)].map((m) => m[1]);
};

// `--requirements` starts every scenario of a revision at once: some forty
// breakerbox runs (two processes each, plus a login's browser) on a 2-core
// machine, where they time out. The same scenarios at the same wire version
// (`--spec-version`, `--force` as `--requirements` implies) run here a few at a time.
const JOBS = Math.max(1, Number(process.env.BB_CONFORMANCE_JOBS) || 3);

function runScenario(name, revision, out) {
  return new Promise((done) => {
    const child = spawn(node22, [cli, 'client', '--command', `${process.execPath} ${join(ROOT, 'test/conformance/client.mjs')}`, '--scenario', name, '--spec-version', revision, '--force', '--timeout', '600000', '--output-dir', out], {cwd: out, stdio: ['ignore', 'ignore', 'pipe']});
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (err = (err + d).slice(-3000)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({code, err});
    });
  });
}

async function pool(items, jobs, work) {
  const queue = [...items];
  await Promise.all(Array.from({length: jobs}, async () => {
    while (queue.length) await work(queue.shift());
  }));
}

let failed = false;
for (const revision of REVISIONS) {
  const out = mkdtempSync(join(tmpdir(), `bb-conformance-${revision}-`));
  process.stdout.write(`\n=== conformance ${SUITE_VERSION}, client, requirements ${revision} ===\n`);
  const scored = requirements(revision);
  const crashed = [];
  await pool([...scored, ...unscored(revision)], JOBS, async (name) => {
    const run = await runScenario(name, revision, out);
    if (run.code !== 0 && run.code !== 1) crashed.push(`${name} (exit ${run.code}): ${run.err.slice(-500)}`);
  });
  const results = collect(out);
  const rows = [];
  for (const name of [...new Set([...scored, ...results.keys()])]) {
    const r = results.get(name);
    const judged = scored.includes(name);
    const ok = r !== undefined && r.passed > 0 && r.failed === 0;
    if (judged && !ok) failed = true;
    rows.push(`${judged ? (ok ? 'PASS' : 'FAIL') : 'info'}  ${name.padEnd(44)} ${r ? `${r.passed} passed, ${r.failed} failed${r.warnings ? `, ${r.warnings} warnings` : ''}` : 'no result'}${judged ? '' : '  (not scored)'}`);
  }
  process.stdout.write(rows.join('\n') + '\n');
  for (const c of crashed) process.stdout.write(`the suite itself failed on ${c}\n`);
  if (!process.env.BB_CONFORMANCE_KEEP) rmSync(out, {recursive: true, force: true});
  else process.stdout.write(`results kept in ${out}\n`);
}
process.stdout.write(failed ? '\nconformance: FAILED (a required scenario did not pass)\n' : '\nconformance: every required scenario passed\n');
process.exit(failed ? 1 : 0);

/** scenario → counts, from the checks.json files the suite writes per scenario. */
function collect(dir) {
  const results = new Map();
  const walk = (d) => {
    for (const entry of readdirSync(d, {withFileTypes: true})) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name === 'checks.json') {
        const checks = JSON.parse(readFileSync(p, 'utf8'));
        const name = scenarioOf(d, dir);
        const r = results.get(name) ?? {passed: 0, failed: 0, warnings: 0};
        for (const c of checks) {
          if (c.status === 'SUCCESS') r.passed++;
          else if (c.status === 'FAILURE') r.failed++;
          else if (c.status === 'WARNING') r.warnings++;
        }
        results.set(name, r);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return results;
}

function scenarioOf(d, base) {
  // results/<scenario>-<timestamp>/ (auth scenarios nest under auth/)
  const rel = d.slice(base.length + 1).replace(/^results\//, '');
  return rel.replace(/-\d{4}-\d{2}-\d{2}T[\d-]+(Z|\.\d+Z)?$/, '').replace(/-\d{10,}$/, '');
}
