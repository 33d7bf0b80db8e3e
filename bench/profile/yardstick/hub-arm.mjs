// The yardstick's `bb-hub` adapter, for any build's Hub and any extra server
// settings: the arms here differ only in those two (bb-hub-base.mjs,
// bb-hub-legacy.mjs).
import process from 'node:process';

export function hubConnect(Hub, extra = {}) {
  return async function connect(command, args = [], opts = {}) {
    const env = {...process.env, ...(opts.env || {})};
    const hub = new Hub({servers: [{alias: 'bench', command, args, env, ...extra, startupTimeoutMs: 60_000, callTimeoutMs: 120_000}]});
    await hub.start();
    const status = hub.statuses().find((s) => s.alias === 'bench');
    if (!status || status.state !== 'online') throw new Error(`bench server not online: ${status?.reason}`);
    const byTool = new Map(hub.catalog.entries.map((e) => [e.tool, e.name]));
    return {
      listTools: async () => hub.catalog.entries,
      call: (tool, a) => hub.call(byTool.get(tool) ?? tool, a),
      close: () => hub.close(),
    };
  };
}
