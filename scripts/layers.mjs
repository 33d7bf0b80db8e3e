#!/usr/bin/env node
// Checks the layering of src/ with dependency-cruiser and the rules in
// .dependency-cruiser.cjs; exit 1 with the violations listed.
//
// dependency-cruiser parses TypeScript with the `typescript` package's API,
// which TypeScript 7 (our compiler, a native binary) no longer has. It is
// given TypeScript 6 (the `typescript-6` alias) instead, for its own imports
// only: the project keeps compiling with 7.
//
// Usage: node scripts/layers.mjs [root]   (root defaults to the repository)
import Module, {createRequire, register} from 'node:module';
import {resolve} from 'node:path';

const require = createRequire(import.meta.url);
const fromCruiser = (parent) => typeof parent === 'string' && parent.includes('/node_modules/dependency-cruiser/');
const toTs6 = (request) => request.replace(/^typescript(?=$|\/)/, 'typescript-6');

// require('typescript/package.json') from the cruiser: its version check.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolveFilename.call(this, fromCruiser(parent?.filename) ? toTs6(request) : request, parent, ...rest);
};
// import('typescript') from the cruiser: the parser itself.
register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      const fromCruiser = (context.parentURL ?? '').includes('/node_modules/dependency-cruiser/');
      return next(fromCruiser ? specifier.replace(/^typescript(?=$|\\/)/, 'typescript-6') : specifier, context);
    }`),
  import.meta.url,
);

const root = resolve(process.argv[2] ?? resolve(import.meta.dirname, '..'));
process.chdir(root);
const {cruise} = await import('dependency-cruiser');
const {forbidden, options} = require(resolve(import.meta.dirname, '../.dependency-cruiser.cjs'));
const result = await cruise(['src'], {...options, validate: true, ruleSet: {forbidden}, outputType: 'err'}, undefined, {tsConfig: {fileName: options.tsConfig.fileName}});
process.stdout.write(result.output);
process.exitCode = result.exitCode === 0 ? 0 : 1;
