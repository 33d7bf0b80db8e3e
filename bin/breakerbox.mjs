#!/usr/bin/env node
// The installed entry point: runs the compiled CLI (built by `npm install`'s prepare step).
// React's development build checks and warns on every render; users get the production one.
process.env.NODE_ENV ??= 'production';
const {main} = await import('../dist/cli/main.js');

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`breakerbox: unexpected error: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
