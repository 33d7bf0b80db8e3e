#!/usr/bin/env node
// The installed entry point: runs the bundled CLI (dist/bundle/, made by
// `npm run build`: tsc, then scripts/bundle.mjs; `npm install` runs it).
// Without a bundle, or with one older than the last `tsc` build (tsc run
// alone), it runs dist/cli/ as compiled: the current code, only slower to start.
import {statSync} from 'node:fs';

// React's development build checks and warns on every render; users get the production one.
process.env.NODE_ENV ??= 'production';
const bundle = new URL('../dist/bundle/main.js', import.meta.url);
const compiled = new URL('../dist/cli/main.js', import.meta.url);
const mtime = (url) => statSync(url, {throwIfNoEntry: false})?.mtimeMs ?? -1;
const {main} = await import(mtime(bundle) >= mtime(compiled) ? bundle.href : compiled.href);

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`breakerbox: unexpected error: ${err?.stack ?? err}\n`);
    process.exitCode = 1;
  },
);
