// What the two official-client arms share: v1 (`@modelcontextprotocol/sdk`) and
// v2 (`@modelcontextprotocol/client`) have the same `Client` +
// `StdioClientTransport` surface, used the way their READMEs show; only the
// modules, the client's options and how a whole listing is asked for differ.

/** A bench arm (`load()` → `{connect}`) over an official client. */
export function officialArm({ modules, name, clientOptions, listAll, legacyOnly }) {
  return async function load() {
    const [{ Client }, { StdioClientTransport }] = await modules();

    class OfficialClient {
      constructor(client) {
        this.client = client;
      }

      listAll() {
        return listAll(this.client);
      }

      caller(tool) {
        return (args) => this.client.callTool({ name: tool, arguments: args });
      }

      mark() {
        void this.client.notification({ method: 'notifications/bench/mark' });
      }

      close() {
        return this.client.close();
      }
    }

    return {
      async connect({ command, args, env, era }) {
        if (era === 'modern') throw new Error(legacyOnly);
        const client = new Client({ name, version: '1.0.0' }, clientOptions);
        await client.connect(new StdioClientTransport({ command, args, env, stderr: 'inherit' }));
        return new OfficialClient(client);
      },
    };
  };
}
