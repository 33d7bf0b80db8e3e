// A legacy MCP server on an in-memory pair whose tool list a test can change
// (between starts, or live with a list_changed notice): the rug pull.
import type {StdioHubServer} from '../../../src/hub/hub.js';
import type {Tool} from '../../../src/session/mcp-types.js';
import {MemoryTransport} from '../../../src/transport/memory.js';

/** The fake's state: edit `tools`, then `announce()` to send list_changed. */
export interface FakeServer {
  tools: Tool[];
  /** What a call to any tool answers (text). */
  reply: string;
  instructions?: string;
  /** Sends notifications/tools/list_changed to the current client. */
  announce(): void;
  /** Makes the transport of one start. */
  makeTransport(): MemoryTransport;
  config(extra?: Partial<StdioHubServer>): StdioHubServer;
}

export function fakeServer(alias: string, tools: Tool[]): FakeServer {
  let current: MemoryTransport | undefined;
  const fake: FakeServer = {
    tools,
    reply: 'ok',
    announce: () => void current?.send({jsonrpc: '2.0', method: 'notifications/tools/list_changed'}),
    makeTransport: () => {
      const [client, server] = MemoryTransport.pair();
      current = server;
      server.onmessage = (m: any) => {
        const answer = (result: unknown) => void server.send({jsonrpc: '2.0', id: m.id, result});
        if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, error: {code: -32601, message: 'Method not found'}});
        else if (m.method === 'initialize') answer({protocolVersion: '2025-11-25', capabilities: {tools: {listChanged: true}}, serverInfo: {name: alias}, ...(fake.instructions ? {instructions: fake.instructions} : {})});
        else if (m.method === 'tools/list') answer({tools: fake.tools});
        else if (m.method === 'tools/call') answer({content: [{type: 'text', text: fake.reply}]});
        else if (m.id !== undefined) answer({});
      };
      return client;
    },
    config: (extra = {}) => ({alias, command: 'fake', args: [], env: {}, startupTimeoutMs: 10_000, callTimeoutMs: 10_000, ...extra}),
  };
  return fake;
}
