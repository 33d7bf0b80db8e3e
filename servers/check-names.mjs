#!/usr/bin/env node
// check-names: a legacy-era MCP server whose tool names the model API would refuse,
// for `breakerbox --self-check` (check 6: names are cut, hashed and kept unique).
//
// Tools, in this order:
//   lookup.v2                 valid for MCP; the dot is not allowed in a model name, and
//   lookup_v2                 once dots become underscores the two collide
//   report_<70 x>_alpha       two names over 64 characters that share their first 77,
//   report_<70 x>_beta        so cutting alone would collide too
// Every tool answers `check-names received "<name as received>"`, so a client can check
// that a mangled model name still reaches the server under the original name.
//
// No knobs.

import { serveMcp, legacyEra } from './lib/mcp.mjs';
import { log } from './lib/stdio-server.mjs';
import { toolMethods, okResult } from './lib/tools.mjs';

const long = `report_${'x'.repeat(70)}_`;
const names = ['lookup.v2', 'lookup_v2', `${long}alpha`, `${long}beta`];
const tools = names.map((name) => ({
  name,
  description: `Answers with the name it was called by (${name.length} characters).`,
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  annotations: { readOnlyHint: true },
  run: (_args, ctx) => okResult(`check-names received ${JSON.stringify(ctx.name)}`),
}));

const era = legacyEra({ serverInfo: { name: 'check-names', version: '1.0.0' }, capabilities: { tools: {} } });
serveMcp({ era, methods: toolMethods(() => tools) });
log('check-names ready');
