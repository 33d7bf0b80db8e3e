// What a call's answer gets from the session (#17): the hub gets the server's
// result record as read, since it shapes its own from it (a copy per call was
// dropped at once); `callTool` still gives the plain CallToolResult.
import {afterEach, describe, expect, it} from 'vitest';
import type {Answer} from '../../src/connection/connection.js';
import {Hub} from '../../src/hub/hub.js';
import {McpSession, type ToolResultRecord} from '../../src/session/session.js';
import {answeringTransport as answering} from '../helpers/answering-transport.js';

const closing: Array<{close(): Promise<void>}> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((c) => c.close()));
});

describe("a tool call's answer", () => {
  it('is the record the server sent, not a copy, for callToolTo; a plain CallToolResult for callTool', async () => {
    let sent: Record<string, unknown> = {};
    const session = await McpSession.open(
      answering(() => (sent = {content: [{type: 'text', text: 'hi'}], isError: false, resultType: 'complete', extra: 1})),
      {label: 'm', clientInfo: {name: 't', version: '1'}, probeWaitMs: 50},
    );
    closing.push(session);
    let got: unknown;
    const answer: Answer<ToolResultRecord> = {resolve: (r) => (got = r), reject: (e) => (got = e)};
    session.callToolTo('echo', {}, {}, answer);
    await Promise.resolve();
    expect(got).toBe(sent);
    expect(await session.callTool('echo', {})).toStrictEqual({content: [{type: 'text', text: 'hi'}]});
  });

  it('at the hub, is an error only when isError is true, and carries none of the record members beside the result', async () => {
    const results = [
      {content: [{type: 'text', text: 'a'}], isError: 'yes', resultType: 'complete', extra: 1},
      {content: [{type: 'text', text: 'b'}], isError: true, _meta: {x: 1}},
    ];
    let next = 0;
    const hub = new Hub({servers: [{alias: 'm', command: 'unused', args: [], env: {}, startupTimeoutMs: 5_000, callTimeoutMs: 5_000}], makeTransport: () => answering(() => results[next++]!), probeWaitMs: 50});
    closing.push(hub);
    await hub.start();
    const name = hub.catalog.entries[0]!.name;
    const a = await hub.call(name, {});
    const b = await hub.call(name, {});
    expect(a.isError).toBeUndefined();
    expect(b.isError).toBe(true);
    const members = (r: object) => Object.keys(r).filter((k) => (r as Record<string, unknown>)[k] !== undefined).sort();
    expect(members(a)).toEqual(['alias', 'content', 'durationMs', 'tool']);
    expect(members(b)).toEqual(['alias', 'content', 'durationMs', 'isError', 'tool']);
  });
});
