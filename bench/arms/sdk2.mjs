// The `sdk2` arm: the official v2 client, `@modelcontextprotocol/client`, with
// its default version negotiation (legacy `initialize`). Its 64-page cap on an
// aggregated listing is lifted (`listMaxPages: 0`) so it can list 1,000 tools in 100 pages.
import { officialArm } from './official.mjs';

/** Loads the library: what an application pays to import the v2 client. */
export const load = officialArm({
  modules: () => Promise.all([import('@modelcontextprotocol/client'), import('@modelcontextprotocol/client/stdio')]),
  name: 'bench-sdk2',
  clientOptions: { capabilities: {}, listMaxPages: 0 },
  legacyOnly: 'sdk2 is measured on the legacy era only',
  // Without a cursor v2 walks every page itself.
  async listAll(client) {
    return (await client.listTools()).tools;
  },
});
