// Imported for its effect, before any module that builds a zod schema.
//
// By default zod compiles a parser for each object schema (`new Function`) at
// its first parse, which pays off over thousands of parses. Every schema here
// checks one file once per run (the config, a `--script` file), before the
// first server can start, so the compile was pure cost: the first loadConfig
// of the bundled config took 12.8 ms against 5.5 ms without it (BENCHMARKS.md
// §10). The checks and their messages are the same either way. It must run
// before the schemas are built: zod decides per schema when it is made.
//
// zod/mini (what the schemas use) sets no language for the messages we do not
// write ourselves ("Invalid input" alone); the full API sets English, as here.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config({jitless: true, ...en()});
