import {execFileSync} from 'node:child_process';
import {resolve} from 'node:path';

/** Builds dist/ (and its bundle) once, so tests that spawn `bin/breakerbox.cjs` run the code under test. */
export default function setup(): void {
  const root = resolve(import.meta.dirname, '..');
  execFileSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {cwd: root, stdio: 'inherit'});
  // bin/breakerbox.cjs runs the bundle of that build.
  execFileSync(process.execPath, [resolve(root, 'scripts/bundle.mjs')], {cwd: root, stdio: 'inherit'});
}
