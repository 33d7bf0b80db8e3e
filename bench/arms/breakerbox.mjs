// The `breakerbox` arm: our session layer (transport → connection → session),
// from the compiled `dist/`, so no TypeScript loader sits in the measurement.

const CLIENT_INFO = { name: 'bench-breakerbox', version: '1.0.0' };

/** Loads the client library without UI or hub: session + stdio transport. */
export async function load() {
  const [{ McpSession }, { StdioTransport }] = await Promise.all([
    import('../../dist/session/session.js'),
    import('../../dist/transport/stdio.js'),
  ]);

  class SessionClient {
    constructor(session) {
      this.session = session;
    }

    async listAll() {
      return (await this.session.listAllTools({ pageLimit: 10_000 })).tools;
    }

    caller(name) {
      const session = this.session;
      return (args) => session.callTool(name, args);
    }

    mark() {
      this.session.connection.notify('notifications/bench/mark');
    }

    close() {
      return this.session.close();
    }
  }

  return {
    async connect({ command, args, env }) {
      const transport = new StdioTransport({ command, args, env });
      // probeWaitMs as the hub uses it; the bench server answers server/discover
      // at once (-32601 in legacy mode), so the probe never waits.
      const session = await McpSession.open(transport, { label: 'bench', clientInfo: CLIENT_INFO, probeWaitMs: 1_500, handshakeTimeoutMs: 30_000 });
      return new SessionClient(session);
    },
  };
}
