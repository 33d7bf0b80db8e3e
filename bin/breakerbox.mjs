#!/usr/bin/env node
// The installed entry point: runs the bundled CLI (dist/bundle/, made by
// `npm run build`: tsc, then scripts/bundle.mjs; `npm install` runs it).
// React's development build checks and warns on every render; users get the production one.
process.env.NODE_ENV ??= 'production';
const {main} = await import('../dist/bundle/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`breakerbox: unexpected error: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
