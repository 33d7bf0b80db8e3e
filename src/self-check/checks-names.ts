// Checks 5–7: two `search` tools kept apart, names the model API accepts, the lossy translation.
import type {ModelTool} from '../agent/model.js';
import {resultText} from '../agent/tool-result.js';
import {MAX_MODEL_NAME, MODEL_NAME_RE} from '../hub/names.js';
import type {CatalogEntry} from '../hub/types.js';
import {expect, quote, type Check} from './check.js';
import {toolsTheLoopSends} from './loop-probe.js';

export const collisionCheck: Check = {
  n: 5,
  label: 'collision',
  async run(fx) {
    const {hub} = await fx.main;
    const found = [fx.notes.alias, fx.tickets.alias].map((alias) => {
      const entry = hub.catalog.entries.find((e) => e.alias === alias && e.tool === 'search');
      expect(entry, `${alias} has no search tool in the table`);
      return entry;
    });
    const [a, b] = found as [CatalogEntry, CatalogEntry];
    expect(a.name !== b.name, `both search tools got the model name ${a.name}`);
    for (const entry of found) {
      const result = await hub.call(entry.name, {query: 'search'});
      const text = resultText(result);
      const origin = entry.alias === fx.notes.alias ? 'notes' : 'tickets';
      const want = `${origin}/search received "search"`;
      expect(!result.isError, `${entry.name} failed: ${quote(text)}`);
      expect(text.startsWith(want), `${entry.name} reached the wrong server or name: ${quote(text)} (expected it to start with ${quote(want)})`);
    }
    return `${a.name} and ${b.name} each reached their own server as "search"`;
  },
};

export const namesCheck: Check = {
  n: 6,
  label: 'names',
  async run(fx) {
    const [main, names] = await Promise.all([fx.main, fx.names]);
    const entries = [...main.hub.catalog.entries, ...names.hub.catalog.entries];
    const bad = entries.filter((e) => !MODEL_NAME_RE.test(e.name));
    expect(bad.length === 0, () => `${bad.length} model names break ^[a-zA-Z0-9_-]{1,64}$: ${bad.map((e) => e.name).join(', ')}`);
    const status = names.row('names');
    expect(status?.state === 'online', `check-names.mjs is ${status?.state}: ${status?.reason ?? ''}`);
    const own = names.hub.catalog.entries;
    expect(own.length === 4, `check-names.mjs has 4 tools, the table shows ${own.length}`);
    expect(new Set(own.map((e) => e.name)).size === own.length, `two tools share a model name: ${own.map((e) => e.name).join(', ')}`);
    const long = own.filter((e) => e.tool.length > MAX_MODEL_NAME);
    expect(long.length === 2 && long.every((e) => e.mangling === 'hashed' && e.name.length <= MAX_MODEL_NAME), `the over-long names were not cut and hashed: ${long.map((e) => `${e.name} (${e.mangling})`).join(', ')}`);
    const dotted = own.find((e) => e.tool === 'lookup.v2');
    const plain = own.find((e) => e.tool === 'lookup_v2');
    expect(plain?.name === 'mcp__names__lookup_v2', `lookup_v2 lost its plain name to its dotted twin (got ${plain?.name})`);
    expect(dotted && dotted.name !== plain.name, 'lookup.v2 is missing from the table');
    for (const entry of [...long, dotted]) {
      const text = resultText(await names.hub.call(entry.name, {}));
      expect(text === `check-names received ${JSON.stringify(entry.tool)}`, `${entry.name} did not reach the server as ${JSON.stringify(entry.tool)}: ${quote(text)}`);
    }
    const tails = long.map((e) => `…${e.name.slice(-9)}`).join(', ');
    return `${entries.length} names valid; two ${long[0]!.tool.length}-char names cut to ${long[0]!.name.length} and hashed apart (${tails}); lookup.v2 → ${dotted.name} beside lookup_v2`;
  },
};

export const translationCheck: Check = {
  n: 7,
  label: 'translation',
  async run(fx) {
    const {hub} = await fx.main;
    const tools = await toolsTheLoopSends(hub);
    const entries = hub.catalog.entries;
    expect(tools.length === entries.length && tools.length > 0, `the loop sent ${tools.length} tools for a table of ${entries.length}`);
    const byName = new Map<string, ModelTool>(tools.map((t) => [t.name, t]));
    for (const entry of entries) {
      const tool = byName.get(entry.name);
      expect(tool, `${entry.name} was not sent to the model`);
      const keys = Object.keys(tool).sort().join(',');
      expect(keys === 'description,input_schema,name', `${entry.name} reached the model with the keys ${keys}`);
      expect(tool.description.startsWith(`[from ${entry.alias}] `), `${entry.name}: the description does not start with [from ${entry.alias}]: ${quote(tool.description)}`);
      expect(JSON.stringify(tool.input_schema) === JSON.stringify(entry.inputSchema), `${entry.name}: the model saw a different input schema`);
    }
    const rich = entries.find((e) => e.title && e.annotations && e.outputSchema);
    expect(rich, 'no tool has a title, annotations and an outputSchema to keep client-side');
    const sent = JSON.stringify(byName.get(rich.name));
    expect(!sent.includes(JSON.stringify(rich.outputSchema)) && !sent.includes(rich.title!), `${rich.name}: title or outputSchema leaked into the model tool`);
    return `${tools.length} descriptions start with [from <alias>]; title, annotations and outputSchema of ${rich.name} stay client-side`;
  },
};
