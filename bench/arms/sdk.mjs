// The `sdk` arm: the official MCP TypeScript SDK, `Client` + `StdioClientTransport`,
// used the way its README shows. Legacy era only (the SDK does not speak 2026-07-28).

/** Loads the library: what an application pays to import the SDK client. */
export async function load() {
  const [{ Client }, { StdioClientTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/stdio.js'),
  ]);

  class SdkClient {
    constructor(client) {
      this.client = client;
    }

    async listAll() {
      const tools = [];
      let cursor;
      do {
        const page = await this.client.listTools(cursor === undefined ? undefined : { cursor });
        for (const t of page.tools) tools.push(t);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return tools;
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
      if (era === 'modern') throw new Error('the SDK speaks only the legacy era');
      const client = new Client({ name: 'bench-sdk', version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command, args, env, stderr: 'inherit' }));
      return new SdkClient(client);
    },
  };
}
