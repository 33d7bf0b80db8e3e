// Yardstick arm: the yardstick's `bb-hub` adapter with the server pinned to
// the legacy era (`protocol: 'legacy'`), so the hub's requests carry no
// `_meta`, like the yardstick's `raw`. Together with raw-meta.mjs it splits
// the hub's gap to raw into the era's cost and the hub's own (BENCHMARKS.md §11).
import process from 'node:process';

const {Hub} = await import(new URL('../../../dist/hub/hub.js', import.meta.url).href);
export const name = 'bb-hub-legacy';
export const description = 'breakerbox Hub (hub.call by model name), legacy era pinned';

export async function connect(command, args = [], opts = {}) {
  const env = {...process.env, ...(opts.env || {})};
  const hub = new Hub({servers: [{alias: 'bench', command, args, env, protocol: 'legacy', startupTimeoutMs: 60_000, callTimeoutMs: 120_000}]});
  await hub.start();
  const status = hub.statuses().find((s) => s.alias === 'bench');
  if (!status || status.state !== 'online') throw new Error(`bench server not online: ${status?.reason}`);
  const byTool = new Map(hub.catalog.entries.map((e) => [e.tool, e.name]));
  return {
    listTools: async () => hub.catalog.entries,
    call: (tool, a) => hub.call(byTool.get(tool) ?? tool, a),
    close: () => hub.close(),
  };
}
