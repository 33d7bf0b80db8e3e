// MRTR `inputRequests` keys are the server's choice: `__proto__`,
// `constructor` and friends are answered like any other key.
import {describe, expect, it} from 'vitest';
import {McpSession} from '../../src/session/session.js';
import {MemoryTransport} from '../../src/transport/memory.js';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'plain'];

describe('MRTR input requests with hostile keys', () => {
  it('every key gets its own answer in inputResponses, and the retry carries all of them', async () => {
    const [client, server] = MemoryTransport.pair();
    let retry: string | undefined;
    server.onmessage = (m: any, raw?: string) => {
      if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, result: {supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}});
      if (m.method !== 'tools/call') return;
      if (m.params.inputResponses === undefined) {
        // Built from text: an object literal would turn "__proto__" into a prototype.
        const requests = HOSTILE.map((k) => `${JSON.stringify(k)}:{"method":"elicitation/create","params":{"message":${JSON.stringify(`key ${k}`)},"requestedSchema":{"type":"object","properties":{}}}}`).join(',');
        void server.send(JSON.parse(`{"jsonrpc":"2.0","id":${m.id},"result":{"resultType":"input_required","requestState":"s1","inputRequests":{${requests}}}}`));
      } else {
        retry = raw;
        void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'complete', content: [{type: 'text', text: 'done'}]}});
      }
    };
    const asked: string[] = [];
    const session = await McpSession.open(client, {
      label: 'm',
      clientInfo: {name: 't'},
      features: {elicit: async (params) => (asked.push(params.message as string), {action: 'accept', content: {said: params.message}})},
    });
    const result = await session.callTool('ask', {});
    expect(result.content).toEqual([{type: 'text', text: 'done'}]);
    expect(asked).toEqual(HOSTILE.map((k) => `key ${k}`));
    // Read back with a reviver-free parse of the wire text: own keys, in order.
    const responses = JSON.parse(retry!).params.inputResponses;
    expect(Object.keys(responses)).toEqual(HOSTILE);
    for (const k of HOSTILE) expect(Object.getOwnPropertyDescriptor(responses, k)?.value).toEqual({action: 'accept', content: {said: `key ${k}`}});
    await session.close();
  });

  it('inputRequests that is not an object is a protocol error for that call, not a crash', async () => {
    const [client, server] = MemoryTransport.pair();
    server.onmessage = (m: any) => {
      if (m.method === 'server/discover') void server.send({jsonrpc: '2.0', id: m.id, result: {supportedVersions: ['2026-07-28'], capabilities: {tools: {}}}});
      if (m.method === 'tools/call') void server.send({jsonrpc: '2.0', id: m.id, result: {resultType: 'input_required', inputRequests: 'abc'}});
    };
    const session = await McpSession.open(client, {label: 'm', clientInfo: {name: 't'}});
    await expect(session.callTool('ask', {})).rejects.toMatchObject({code: 'protocol-violation', message: 'ask: an input_required result without an inputRequests object'});
    await session.close();
  });
});
