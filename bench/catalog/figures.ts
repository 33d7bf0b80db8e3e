// Catalog-size figures for BENCHMARKS.md (counts, not timings: safe to run
// anywhere): `node --import tsx bench/catalog/figures.ts`.
import {buildParams} from '../../src/agent/models/anthropic.js';
import {requestTools, type SearchPlacement} from '../../src/agent/tool-search/request-tools.js';
import type {ToolSearchMode} from '../../src/agent/tool-search/settings.js';
import {buildCatalog} from '../../src/hub/catalog.js';
import {estimateTokens} from '../../src/hub/tool-tokens.js';
import type {Catalog} from '../../src/hub/types.js';
import {ask} from './ask.js';
import {bigCatalog, QUESTIONS} from './big-catalog.js';

const servers = bigCatalog();
const catalog = buildCatalog(servers).catalog;
const messages = [{role: 'user' as const, content: [{type: 'text' as const, text: 'hello'}]}];
const params = (c: Catalog, mode: ToolSearchMode, placement: SearchPlacement) => {
  const {tools, serverDeferred} = requestTools(c, messages, {mode}, undefined, placement);
  return buildParams('claude-sonnet-5-5', {system: 'You are helpful.', tools, ...(serverDeferred ? {deferred: serverDeferred} : {}), messages});
};
const arms: Array<[string, ToolSearchMode, SearchPlacement]> = [
  ['tool search off', 'off', 'client'],
  ['tool search on, client-side (search_tools)', 'on', 'client'],
  ["tool search on, the API's own (defer_loading)", 'on', 'server'],
];
const bytes = (s: string) => Buffer.byteLength(s).toLocaleString('en-US');
// One server adds a tool after startup: appended after everything already sent.
const grown = servers.map((s, i) => (i === 3 ? {...s, tools: [...s.tools, {name: 'snooze_email', description: 'Snoozes an email until a time.', inputSchema: {type: 'object', properties: {id: {type: 'string'}}}}]} : s));
const next = buildCatalog(grown, catalog, true).catalog;
/** The table as the cache holds it: breakpoint markers out, open at the end. */
const cached = (tools: unknown) => JSON.stringify(tools).replace(/,"cache_control":\{"type":"ephemeral"\}/g, '').slice(0, -1);

for (const [label, mode, placement] of arms) {
  const first = JSON.stringify(params(catalog, mode, placement));
  const second = params(next, mode, placement);
  const prefix = cached(second.tools).startsWith(cached(params(catalog, mode, placement).tools));
  // Deferred definitions are sent but not part of the prompt until a search finds them.
  const loaded = JSON.stringify((params(catalog, mode, placement).tools ?? []).filter((t) => !('defer_loading' in t && t.defer_loading)));
  console.log(`${label}: first request ${bytes(first)} bytes, ~${estimateTokens(first).toLocaleString('en-US')} tokens (estimate), tool definitions in the prompt ~${estimateTokens(loaded).toLocaleString('en-US')} tokens; second request after one server added a tool ${bytes(JSON.stringify(second))} bytes, first table a byte-identical prefix: ${prefix}`);
}
for (const mode of ['on', 'off'] as const) {
  let right = 0;
  for (const [q, expected] of QUESTIONS) if ((await ask(catalog, q, {mode})).called === expected) right++;
  console.log(`offline model, tool search ${mode}: right tool for ${right} of ${QUESTIONS.length} questions`);
}
