// The layering of src/, checked in `npm test` (test/layers.test.ts). Each
// folder may import only the folders below it; see DESIGN.md and the README's
// Architecture section. Protocol code knows nothing of React or Ink.
/** Top to bottom. Folders on one line share a level and may not import each other. */
const LAYERS = [
  ['cli'],
  ['ui'],
  ['self-check'],
  ['driver'],
  ['debug'],
  ['agent'],
  ['sessions'],
  ['state'],
  ['hub'],
  ['session'],
  // OAuth for remote servers sits beside JSON-RPC: both use the transport (auth
  // implements its HttpAuth seam), neither knows the other.
  ['connection', 'auth'],
  ['transport'],
  ['config'],
  // The sanitiser and small helpers: anything may use them, they use nothing of ours.
  ['util'],
];

const folder = (names) => `^src/(${names.join('|')})/`;

/** Layer i may not import any folder of a layer above it, nor a sibling on its own level. */
const upward = LAYERS.flatMap((level, i) => {
  const above = LAYERS.slice(0, i).flat();
  const rules = [];
  if (above.length) {
    rules.push({
      name: `${level.join("-")}-imports-only-downward`,
      comment: `${level.join(', ')} may import only folders below it: never ${above.join(', ')}`,
      severity: 'error',
      from: {path: folder(level)},
      to: {path: folder(above)},
    });
  }
  for (const name of level) {
    const siblings = level.filter((n) => n !== name);
    if (siblings.length) rules.push({name: `${name}-not-sideways`, severity: 'error', from: {path: folder([name])}, to: {path: folder(siblings)}});
  }
  return rules;
});

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'react-and-ink-only-in-the-ui',
      comment: 'Only src/ui and the TUI entry (src/cli/tui.ts) may import react or ink',
      severity: 'error',
      from: {path: '^src/', pathNot: ['^src/ui/', '^src/cli/tui\\.ts$']},
      to: {path: '(^|/)node_modules/(react|ink)/'},
    },
    {
      name: 'no-circular',
      comment: 'No circle between files',
      severity: 'error',
      from: {path: '^src/'},
      to: {circular: true},
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {path: '^src/'},
      to: {couldNotResolve: true},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json']},
  },
};
