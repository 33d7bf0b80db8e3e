// Catalog-size figures for BENCHMARKS.md (counts, not timings: safe to run
// anywhere): `node --import tsx bench/catalog/figures.ts`.
import {buildParams} from '../../src/agent/models/anthropic.js';
import {requestTools} from '../../src/agent/tool-search/request-tools.js';
import {buildCatalog} from '../../src/hub/catalog.js';
import {estimateTokens} from '../../src/hub/tool-tokens.js';
import {ask} from './ask.js';
import {bigCatalog, QUESTIONS} from './big-catalog.js';

const servers = bigCatalog();
const catalog = buildCatalog(servers).catalog;
const messages = [{role: 'user' as const, content: [{type: 'text' as const, text: 'hello'}]}];
const body = (mode: 'on' | 'off', c = catalog) => JSON.stringify(buildParams('claude-sonnet-5-5', {system: 'You are helpful.', tools: requestTools(c, messages, {mode}).tools, messages}));

for (const mode of ['off', 'on'] as const) {
  const b = body(mode);
  console.log(`first request, tool search ${mode}: ${Buffer.byteLength(b).toLocaleString('en-US')} bytes, ~${estimateTokens(b).toLocaleString('en-US')} tokens (estimate)`);
}
// One server adds a tool after startup: appended, so the first request's table is a prefix of the second's.
const grown = servers.map((s, i) => (i === 3 ? {...s, tools: [...s.tools, {name: 'snooze_email', description: 'Snoozes an email until a time.', inputSchema: {type: 'object', properties: {id: {type: 'string'}}}}]} : s));
const next = buildCatalog(grown, catalog, true).catalog;
const tools = (c: typeof catalog) => JSON.stringify(buildParams('m', {system: '', tools: requestTools(c, messages, {mode: 'off'}).tools, messages}).tools);
const before = tools(catalog).replace(/,"cache_control":\{"type":"ephemeral"\}\}\]$/, '');
console.log(`second request after one server added a tool: ${Buffer.byteLength(body('off', next)).toLocaleString('en-US')} bytes; first table a byte-identical prefix: ${tools(next).startsWith(before)}`);
for (const mode of ['on', 'off'] as const) {
  let right = 0;
  for (const [q, expected] of QUESTIONS) if ((await ask(catalog, q, {mode})).called === expected) right++;
  console.log(`offline model, tool search ${mode}: right tool for ${right} of ${QUESTIONS.length} questions`);
}
