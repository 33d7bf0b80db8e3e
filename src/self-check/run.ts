// `breakerbox --self-check`: proves, offline and without a key, that the client
// behaves as documented against real server processes. One line per check,
// then `N passed, M failed`; exit 0 only when every check passed.
import {ConfigError} from '../config/index.js';
import {stripControlLine} from '../util/sanitize.js';
import {CheckFailed, type Check} from './check.js';
import {errorCheck, eraCheck, paginationCheck, spawnCheck} from './checks-discovery.js';
import {crashCheck, offlineCheck, outputSchemaCheck, timeoutCheck, unknownToolCheck} from './checks-faults.js';
import {agentLoopCheck, stepLimitCheck, toolSearchCheck} from './checks-loop.js';
import {collisionCheck, namesCheck, translationCheck} from './checks-names.js';
import {startFixtures, type Fixtures} from './fixtures.js';

/** Every check, in the order printed. */
export const CHECKS: readonly Check[] = [
  spawnCheck, errorCheck, paginationCheck, eraCheck, collisionCheck, namesCheck, translationCheck,
  offlineCheck, unknownToolCheck, timeoutCheck, crashCheck, agentLoopCheck, stepLimitCheck, outputSchemaCheck, toolSearchCheck,
];

/** Longest one check may take (fixtures start in parallel before, within their own startup cap). */
export const CHECK_TIMEOUT_MS = 15_000;

/** Where the self-check writes; `process.stdout` by default. */
export interface SelfCheckOptions {
  /** A config whose notes/tickets entries launch the bundled servers; missing file → the bundled defaults. */
  configPath?: string;
  env?: NodeJS.ProcessEnv;
  out?: {write(text: string): unknown};
  /** Only these check numbers (for debugging one check). */
  only?: number[];
}

/** Runs every check; resolves to the exit code (0 all passed, 1 some failed, 2 unusable config). Never throws. */
export async function runSelfCheck(o: SelfCheckOptions = {}): Promise<number> {
  const out = o.out ?? process.stdout;
  const env = o.env ?? process.env;
  let fx: Fixtures;
  try {
    fx = startFixtures(o.configPath, env);
  } catch (err) {
    out.write(`breakerbox: ${err instanceof ConfigError ? err.message : `self-check could not start: ${(err as Error).message}`}\n`);
    return 2;
  }
  out.write(`breakerbox self-check: ${CHECKS.length} checks; notes and tickets from ${fx.source}\n`);
  let passed = 0;
  let failed = 0;
  try {
    for (const check of CHECKS) {
      if (o.only && !o.only.includes(check.n)) continue;
      const outcome = await runOne(check, fx);
      if (outcome.ok) passed++;
      else failed++;
      out.write(`${outcome.ok ? '✔' : '✘'} ${check.n} ${check.label}: ${stripControlLine(outcome.text)}\n`);
    }
  } finally {
    await fx.close();
  }
  out.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

async function runOne(check: Check, fx: Fixtures): Promise<{ok: boolean; text: string}> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckFailed(`did not finish within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  try {
    return {ok: true, text: await Promise.race([check.run(fx), timeout])};
  } catch (err) {
    const text = err instanceof CheckFailed ? err.message : `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
    return {ok: false, text};
  } finally {
    clearTimeout(timer);
  }
}
