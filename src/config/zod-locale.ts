// Imported for its effect, before any module that builds a zod schema.
//
// The --script schemas (src/agent/models/script.ts) use zod/mini, which sets no
// language for the messages we do not write ourselves: a wrong type in a
// script file would say only "Invalid input". zod's full API sets English at
// load; so does this, with the same table.
//
// (zod/mini's objects also parse without compiling code: the full API compiled
// a parser per object schema at its first parse, pure cost for schemas that
// check one file once per run; test/config/zod-compiles-nothing.test.ts.)
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());
