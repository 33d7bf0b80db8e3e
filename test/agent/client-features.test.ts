import {describe, expect, it} from 'vitest';
import {clientFeatures, defaultsFor, type FeatureHost} from '../../src/agent/client-features.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {parseScript} from '../../src/agent/models/script.js';
import type {StdioServerConfig} from '../../src/config/index.js';
import {initialState} from '../../src/state/app-state.js';
import {reduce} from '../../src/state/reduce.js';

const server = (over: Partial<StdioServerConfig> = {}): StdioServerConfig => ({
  alias: 's', type: 'stdio', command: 'x', args: [], env: {}, disabled: false, trusted: false, autoApprove: [], startupTimeoutMs: 1, installTimeoutMs: 1, callTimeoutMs: 1,
  toolTimeouts: {}, excludeTools: [], roots: [], sampling: false, extra: {}, ...over,
});
const host = (over: Partial<FeatureHost> = {}): FeatureHost => ({
  interactive: false, yes: false, model: () => createScriptedModel({script: parseScript({steps: [{text: 'Paris'}]})}), ask: async () => ({action: 'decline'}), ...over,
});
const schema = {type: 'object', properties: {name: {type: 'string', default: 'octo'}, n: {type: 'integer'}}, required: ['name']};

describe('client features', () => {
  it('declares roots only when configured, sampling only when enabled', () => {
    expect(Object.keys(clientFeatures(server(), host())).sort()).toEqual(['elicit']);
    const f = clientFeatures(server({roots: ['/tmp/a b'], sampling: true}), host());
    expect(Object.keys(f).sort()).toEqual(['elicit', 'roots', 'sample']);
    expect(f.roots!()).toEqual([{uri: 'file:///tmp/a%20b', name: '/tmp/a b'}]);
  });

  it('--print declines elicitation unless --yes and every required field has a default', async () => {
    const ctx = {alias: 's'};
    expect(await clientFeatures(server(), host()).elicit!({message: 'who?', requestedSchema: schema}, ctx)).toEqual({action: 'decline'});
    expect(await clientFeatures(server(), host({yes: true})).elicit!({message: 'who?', requestedSchema: schema}, ctx)).toEqual({action: 'accept', content: {name: 'octo'}});
    expect(defaultsFor({properties: {a: {type: 'string'}}, required: ['a']})).toBeUndefined();
    expect(await clientFeatures(server(), host({yes: true})).elicit!({mode: 'url', message: 'open', url: 'https://x'}, ctx)).toEqual({action: 'decline'});
  });

  it('sampling: refused without a way to ask, answered by the model with --yes or approval', async () => {
    const params = {messages: [{role: 'user', content: {type: 'text', text: 'Capital of France?'}}], maxTokens: 50};
    await expect(clientFeatures(server({sampling: true}), host()).sample!(params, {alias: 's'})).rejects.toThrow(/cannot ask the user.*--yes/);
    const answer = await clientFeatures(server({sampling: true}), host({yes: true})).sample!(params, {alias: 's'});
    expect(answer).toMatchObject({role: 'assistant', content: {type: 'text', text: 'Paris'}, stopReason: 'endTurn'});
    await expect(clientFeatures(server({sampling: true}), host({interactive: true})).sample!(params, {alias: 's'})).rejects.toThrow(/declined/);
  });
});

describe('input requests in the reducer', () => {
  it('queues, ignores duplicates, and removes on answer; no-ops keep the same object', () => {
    const s0 = initialState();
    const req = {requestId: 'r1', alias: 'a', kind: 'elicitation' as const, message: 'm'};
    const s1 = reduce(s0, {type: 'input/requested', request: req});
    expect(s1.inputRequests).toEqual([req]);
    expect(reduce(s1, {type: 'input/requested', request: req})).toBe(s1);
    expect(reduce(s1, {type: 'input/answered', requestId: 'nope', action: 'cancel'})).toBe(s1);
    expect(reduce(s1, {type: 'input/answered', requestId: 'r1', action: 'accept'}).inputRequests).toEqual([]);
  });
});
