// The CLI bundle (scripts/bundle.mjs) as the global setup built it: each file
// makes a `require` for CommonJS code only if it names `require`, since every
// createRequire costs CPU at load and a list run loads ~36 files (issue #18).
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {compileFunction} from 'node:vm';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/servers.js';

const DIR = join(ROOT, 'dist/bundle');
const BANNER = /^import \{createRequire as __bbRequire\} from 'node:module'; const require = __bbRequire\(import\.meta\.url\);/;
const NAMES_REQUIRE = /(?<![\w$.])require\b/;

describe('the CLI bundle', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.js')).map((f) => ({f, text: readFileSync(join(DIR, f), 'utf8')}));

  it('makes a require only in the files that name it', () => {
    const needless = files.filter(({text}) => BANNER.test(text) && !NAMES_REQUIRE.test(text.replace(BANNER, ''))).map(({f}) => f);
    expect(needless).toEqual([]);
    // Most files need none (the files that do are checked below; the list's and the TUI's
    // runtime chunks, with __require for CommonJS packages, are scripts with Node's own require).
    const withBanner = files.filter(({text}) => BANNER.test(text));
    expect(withBanner.length).toBeLessThan(files.length / 4);
  });

  it("imports esbuild's runtime chunk only by name: a bare import loaded it for nothing (issue #18)", () => {
    type Meta = {outputs: Record<string, {inputs: Record<string, unknown>; imports: {path: string}[]}>};
    const meta = JSON.parse(readFileSync(join(DIR, 'meta.json'), 'utf8')) as Meta;
    // Of no module, importing no file of the bundle: the helpers esbuild writes (one such chunk per build).
    const runtimes = Object.entries(meta.outputs)
      .filter(([f, o]) => /\.c?js$/.test(f) && Object.keys(o.inputs).length === 0 && !o.imports.some((i) => i.path.startsWith('dist/bundle/')))
      .map(([f]) => f.slice('dist/bundle/'.length));
    expect(runtimes.length).toBeGreaterThanOrEqual(3);
    const bare = files.flatMap(({f, text}) => runtimes.filter((r) => text.includes(`import"./${r}"`)).map((r) => `${f} → ${r}`));
    expect(bare).toEqual([]);
    // The metafile says the same as the files: no file of the bundle lists an import it no longer makes.
    const stale = Object.entries(meta.outputs).flatMap(([f, o]) =>
      /\.c?js$/.test(f) ? o.imports.filter((i) => i.path.startsWith('dist/bundle/') && !readFileSync(join(ROOT, f), 'utf8').includes(`"./${i.path.slice('dist/bundle/'.length)}"`)).map((i) => `${f} → ${i.path}`) : [],
    );
    expect(stale).toEqual([]);
  });

  it('every file that names require has one', () => {
    expect(files.filter(({text}) => !BANNER.test(text) && NAMES_REQUIRE.test(text)).map(({f}) => f)).toEqual([]);
  });
});

describe('the modes built apart (scripts/bundle.mjs: the list modes, the TUI)', () => {
  type Meta = {outputs: Record<string, {imports: {path: string; external?: boolean}[]}>};
  const meta = JSON.parse(readFileSync(join(DIR, 'meta.json'), 'utf8')) as Meta;
  /** Which build a file is of: `list`, `tui`, or '' for the main build. */
  const buildOf = (f: string) => /(?:^|\/)(list|tui)-(?:main|chunk-\w+)\.c?js$/.exec(f)?.[1] ?? '';
  const ours = (path: string) => path.startsWith('dist/bundle/') || path.startsWith('./');

  it('share no file with each other or with the main build: each module is loaded once per process', () => {
    const crossing: string[] = [];
    for (const [file, out] of Object.entries(meta.outputs)) {
      if (!/\.c?js$/.test(file)) continue;
      for (const i of out.imports.filter((i) => ours(i.path))) {
        // The main build reaches a mode's build only through its mode table's import of <mode>-main.js,
        // and a mode's build the main build only through its entry's hand-over of other command lines to main.js.
        const entry = i.external && (buildOf(file) === '' ? /^\.\/(list|tui)-main\.js$/.test(i.path) : i.path === './main.js');
        if (buildOf(file) !== buildOf(i.path) && !entry) crossing.push(`${file} → ${i.path}`);
      }
    }
    expect(crossing).toEqual([]);
    const files = Object.keys(meta.outputs);
    expect(files).toContain('dist/bundle/list-main.js');
    expect(files).toContain('dist/bundle/tui-main.js');
  });
});

describe.each(['list', 'tui'])('the %s build as scripts (scripts/mode-scripts.mjs, bin/load-scripts.cjs)', (mode) => {
  const scripts = readdirSync(DIR).filter((f) => new RegExp(`^${mode}-(main|chunk-\\w+)\\.cjs$`).test(f));

  it('is CommonJS only: every file compiles as a script (no import or export statement, no import.meta)', () => {
    expect(scripts).toContain(`${mode}-main.cjs`);
    expect(readdirSync(DIR).filter((f) => new RegExp(`^${mode}-chunk-\\w+\\.js$`).test(f))).toEqual([]);
    const notScripts = scripts.filter((f) => {
      try {
        compileFunction(readFileSync(join(DIR, f), 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname', '__bbImportMain', '__bbFileUrl']);
        return false;
      } catch {
        return true;
      }
    });
    expect(notScripts).toEqual([]);
  });

  // The TUI's run needs script(1) for its terminal (scripts/tui-code-cache.mjs); without it the build warns and goes on.
  it.skipIf(mode === 'tui' && spawnSync('sh', ['-c', 'command -v script']).status !== 0)(`has the code cache a ${mode} run made at build time beside its entry, no older than it`, () => {
    const cache = statSync(join(DIR, `${mode}-main.cjs.cache`), {throwIfNoEntry: false});
    expect(cache).toBeDefined();
    expect(cache!.mtimeMs).toBeGreaterThanOrEqual(statSync(join(DIR, `${mode}-main.cjs`)).mtimeMs);
  });
});

describe('the code caches', () => {
  it('are only of scripts of the list and TUI builds', () => {
    const scripts = readdirSync(DIR).filter((f) => /^(list|tui)-(main|chunk-\w+)\.cjs$/.test(f));
    expect(readdirSync(DIR).filter((f) => f.endsWith('.cache') && !scripts.includes(f.slice(0, -'.cache'.length)))).toEqual([]);
  });
});

describe("the modes' doors (list-main.js, tui-main.js: the main build's way into their scripts)", () => {
  it.each(['list-main.js', 'tui-main.js'])('%s finds its scripts by file path, so a checkout under a path with a space or an accent works', (door) => {
    const text = readFileSync(join(DIR, door), 'utf8');
    expect(text).toMatch(/loadScripts\(fileURLToPath\(new URL\('\.', import\.meta\.url\)\)/);
    // A URL's pathname keeps %20 and %C3%A9: no such file.
    expect(text).not.toMatch(/\.pathname/);
  });
});
