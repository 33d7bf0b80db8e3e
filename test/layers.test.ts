// The layering of src/ (DESIGN.md): every import runs downward, nothing
// outside the UI imports React or Ink, no circle between files. Checked by
// dependency-cruiser (scripts/layers.mjs, rules in .dependency-cruiser.cjs).
import {execFile} from 'node:child_process';
import {resolve} from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const run = (root?: string) =>
  promisify(execFile)(process.execPath, [resolve(ROOT, 'scripts/layers.mjs'), ...(root ? [root] : [])], {cwd: ROOT}).then(
    (r) => ({code: 0, out: r.stdout}),
    (err: {code: number; stdout: string}) => ({code: err.code, out: err.stdout}),
  );

describe('the layering of src/', () => {
  // The cruise parses every file of src/: seconds when idle, far more on a busy machine.
  it('has no violation', {timeout: 180_000}, async () => {
    const r = await run();
    expect(r.out).toMatch(/no dependency violations found \(\d{3} modules/);
    expect(r.code).toBe(0);
  });

  it('catches an upward import, a type-only upward import, React in protocol code and a circle', {timeout: 180_000}, async () => {
    const r = await run(resolve(ROOT, 'test/fixtures/layers'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('transport-imports-only-downward: src/transport/pipe.ts → src/ui/label.ts');
    expect(r.out).toContain('state-imports-only-downward: src/state/a.ts → src/agent/b.ts');
    expect(r.out).toMatch(/react-and-ink-only-in-the-ui: src\/hub\/view\.ts → .*node_modules\/react\//);
    expect(r.out).toMatch(/no-circular: src\/agent\/b\.ts/);
  });
});
