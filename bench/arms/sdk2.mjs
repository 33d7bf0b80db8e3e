// The `sdk2` arm: the official v2 client, `@modelcontextprotocol/client`
// (`Client` + `StdioClientTransport`), used as its README shows, with its
// default version negotiation (legacy `initialize`). Its 64-page cap on an
// aggregated listing is lifted (`listMaxPages: 0`) so it can list 1,000 tools in 100 pages.

/** Loads the library: what an application pays to import the v2 client. */
export async function load() {
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/client'),
    import('@modelcontextprotocol/client/stdio'),
  ]);

  class Sdk2Client {
    constructor(client) {
      this.client = client;
    }

    // Without a cursor v2 walks every page itself (capped by listMaxPages, lifted below).
    async listAll() {
      return (await this.client.listTools()).tools;
    }

    caller(name) {
      return (args) => this.client.callTool({ name, arguments: args });
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
      if (era === 'modern') throw new Error('sdk2 is measured on the legacy era only');
      const client = new Client({ name: 'bench-sdk2', version: '1.0.0' }, { capabilities: {}, listMaxPages: 0 });
      await client.connect(new StdioClientTransport({ command, args, env, stderr: 'inherit' }));
      return new Sdk2Client(client);
    },
  };
}
