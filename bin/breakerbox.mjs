#!/usr/bin/env node
// The installed entry point: runs the compiled CLI (built by `npm install`'s prepare step).
import {main} from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`breakerbox: unexpected error: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
