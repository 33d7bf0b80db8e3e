// x-mcp-header over modern HTTP, through the hub: annotated arguments travel as
// Mcp-Param-* headers (with the standard Mcp-Method / Mcp-Name), and a tool with
// a broken annotation is left out with its reason while the others stay.
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {fakeServer, type FakeServer} from '../helpers/fake-http.js';
import {testHub, textOf} from '../helpers/hub.js';
import {httpServer} from '../helpers/http-servers.js';

let hub: Hub | undefined;
let fake: FakeServer | undefined;
afterEach(async () => {
  await hub?.close();
  await fake?.close();
});

const TOOLS = [
  {name: 'run_sql', description: 'd', inputSchema: {type: 'object', properties: {region: {type: 'string', 'x-mcp-header': 'Region'}, n: {type: 'integer', 'x-mcp-header': 'N'}, q: {type: 'string'}}}},
  {name: 'bad_header', description: 'd', inputSchema: {type: 'object', properties: {v: {type: 'object', 'x-mcp-header': 'V'}}}},
  {name: 'plain', description: 'd', inputSchema: {type: 'object', properties: {}}},
];

describe('x-mcp-header over Streamable HTTP', () => {
  it('mirrors annotated arguments into headers and drops the tool whose annotation is invalid', async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    fake = await fakeServer({
      onPost: ({msg, req, res}) => {
        if (msg.method === 'tools/list') {
          res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({jsonrpc: '2.0', id: msg.id, result: {tools: TOOLS}}));
          return true;
        }
        if (msg.method === 'tools/call') seen.push(req.headers);
        return false;
      },
    });
    ({hub} = testHub([httpServer('db', fake.url)]));
    await hub.start();
    expect(hub.catalog.entries.map((e) => e.tool)).toEqual(['run_sql', 'plain']);
    expect(hub.droppedTools).toEqual([{alias: 'db', tool: 'bad_header', reason: 'x-mcp-header "V" on "v" is on a "object" property; only string, integer and boolean may be mirrored'}]);
    expect(textOf(await hub.call('mcp__db__run_sql', {region: 'Zürich', n: 7, q: 'select 1'}))).toBe('fine');
    expect(seen[0]).toMatchObject({'mcp-method': 'tools/call', 'mcp-name': 'run_sql', 'mcp-param-region': `=?base64?${Buffer.from('Zürich').toString('base64')}?=`, 'mcp-param-n': '7', 'mcp-protocol-version': '2026-07-28'});
    expect(seen[0]!['mcp-param-q']).toBeUndefined();
    await hub.call('mcp__db__run_sql', {q: 'no region'});
    expect(Object.keys(seen[1]!).filter((h) => h.startsWith('mcp-param-'))).toEqual([]);
  });
});
