// The `sdk` arm: the official MCP TypeScript SDK v1, `@modelcontextprotocol/sdk`.
// Legacy era only (it does not speak 2026-07-28).
import { officialArm } from './official.mjs';

/** Loads the library: what an application pays to import the SDK client. */
export const load = officialArm({
  modules: () => Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/client/stdio.js')]),
  name: 'bench-sdk',
  clientOptions: undefined,
  legacyOnly: 'the SDK speaks only the legacy era',
  // v1 returns one page per call: follow nextCursor to the end.
  async listAll(client) {
    const tools = [];
    let cursor;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      for (const t of page.tools) tools.push(t);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return tools;
  },
});
