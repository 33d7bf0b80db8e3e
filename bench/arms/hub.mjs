// The `hub` row of the breakerbox arm: the same servers through `Hub`, so every
// call goes through name lookup, argument checks, the circuit breaker, output
// validation and status bookkeeping (`hub.call(modelName, args)`).

/** Loads the hub (which pulls in the session layer, Ajv and the catalog code). */
export async function load() {
  const { Hub } = await import('../../dist/hub/hub.js');

  const serverConfig = (alias, { command, args, env }) => ({ alias, command, args, env, startupTimeoutMs: 30_000, callTimeoutMs: 60_000 });

  class HubClient {
    constructor(hub) {
      this.hub = hub;
    }

    /** The hub lists every tool while it starts; this returns its catalog. */
    async listAll() {
      return this.hub.catalog.entries;
    }

    caller(tool) {
      const entry = this.hub.catalog.entries.find((e) => e.tool === tool || e.name === tool);
      if (!entry) throw new Error(`no catalog entry for ${tool}`);
      const hub = this.hub;
      const modelName = entry.name;
      return (args) => hub.call(modelName, args);
    }

    mark() {
      for (const slot of this.hub.slots) slot.session?.connection.notify('notifications/bench/mark');
    }

    close() {
      return this.hub.close();
    }
  }

  async function start(servers) {
    const hub = new Hub({ servers });
    await hub.start();
    const offline = hub.statuses().filter((s) => s.state !== 'online');
    if (offline.length) throw new Error(`hub: ${offline.length} server(s) offline: ${offline[0].reason}`);
    return new HubClient(hub);
  }

  return {
    connect(spec) {
      return start([serverConfig('bench', spec)]);
    },
    /** One hub with `n` servers, started together (what the app does at launch). */
    startMany(n, spec) {
      return start(Array.from({ length: n }, (_, i) => serverConfig(`bench${i}`, spec)));
    },
  };
}
