// The config is checked before the first server can start, so what it loads
// is paid at every start: its checks are our own small combinators
// (src/config/checks.ts), not zod (~13 ms of CPU there, BENCHMARKS.md §10).
// Structure, not time: the modules the config layer loads at run time, followed
// from its entry through every relative import that is not type-only.
import {readFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {expect, it} from 'vitest';
import {ROOT} from '../helpers/servers.js';

/** Every module specifier imported for its value (not `import type`) by `file`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) if (!m[1]) found.push(m[2]!);
  return found;
}

it('loading and checking a config loads no zod, nor any package', () => {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (spec.startsWith('.')) visit(join(dirname(file), spec.replace(/\.js$/, '.ts')));
      else if (!spec.startsWith('node:')) packages.add(`${spec} (from ${relative(ROOT, file)})`);
    }
  };
  visit(join(ROOT, 'src/config/index.ts'));
  // The walk did follow the imports to the checks.
  expect([...seen].map((f) => relative(ROOT, f))).toContain('src/config/schema.ts');
  expect([...packages]).toEqual([]);
});
