// Edges of the hub found while hardening: closing while a server is still
// starting, a circuit whose trial call is cancelled, and trace summaries of
// hostile values.
import {describe, expect, it} from 'vitest';
import {systemClock} from '../../src/hub/debounce.js';
import {testHub, textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {liar} from './security-kit.js';
import {quickClose, killTagged, newTag, STUBBORN_ENV, SURVIVE_PARENT, tagged, taggedChaos, trapProcessErrors} from './helpers.js';

describe('closing the hub', () => {
  it('ends a server that is still in its handshake, even one that ignores EOF and SIGTERM', async () => {
    const tag = newTag('close-starting');
    const slow = taggedChaos('slow', 'slow_discover', tag, {...STUBBORN_ENV, CHAOS_DELAY_MS: '60000'}, {startupTimeoutMs: 60_000});
    slow.args = ['--import', SURVIVE_PARENT, ...slow.args];
    const {hub} = testHub([slow, taggedChaos('ok', 'ok', tag)], quickClose());
    try {
      const started = hub.start();
      await waitFor(() => hub.statuses()[1]!.state === 'online' && tagged(tag).length === 2, 'both processes up, ok online');
      expect(hub.statuses()[0]!.state).toBe('starting');
      const t = Date.now();
      await hub.close(); // end stdin, 0.3 s, SIGTERM, 0.3 s, SIGKILL
      await started;
      expect(Date.now() - t).toBeLessThan(15_000);
      expect(tagged(tag)).toEqual([]);
      expect(hub.statuses()[0]!.state).not.toBe('online');
    } finally {
      killTagged(tag);
    }
  }, 30_000);
});

describe('circuit breaker', () => {
  it('a cancelled trial call does not leave the circuit open for good', async () => {
    const tag = newTag('circuit');
    // The cooldown passes on a clock of our own, not by waiting for it.
    let now = 1_000_000;
    const {hub, events} = testHub([taggedChaos('c', 'ok', tag, {}, {toolTimeouts: {hang: 100}})], {circuit: {threshold: 1, cooldownMs: 200}, clock: {...systemClock, now: () => now}});
    try {
      await hub.start();
      expect((await hub.call('mcp__c__hang', {})).failure).toBe('timeout');
      expect((await hub.call('mcp__c__echo', {text: 'x'})).failure).toBe('circuit-open');
      now += 250;
      // The half-open trial call is cancelled by the user once it is on its way.
      const abort = new AbortController();
      const sent = events.length;
      const trial = hub.call('mcp__c__slow', {ms: 5_000}, {signal: abort.signal});
      await waitFor(() => events.slice(sent).some((e) => e.type === 'server/call-started' && e.tool === 'slow'), 'the trial call sent');
      abort.abort('user pressed Esc');
      expect((await trial).failure).toBe('aborted');
      // A cancellation says nothing about the server: the next call is the new trial.
      const next = await hub.call('mcp__c__echo', {text: 'through'});
      expect(next.failure).toBeUndefined();
      expect(textOf(next)).toBe('through');
    } finally {
      await hub.close();
      killTagged(tag);
    }
  });
});

describe('a call that reports progress forever', () => {
  it('still ends: progress restarts the idle timeout, but a total cap of 10 × the call timeout holds', async () => {
    const tag = newTag('progress');
    // Idle timeout 500 ms against progress every 100 ms: room for a busy machine's timer jitter.
    const {hub} = testHub([{...liar('liar', tag), callTimeoutMs: 500}]);
    try {
      await hub.start();
      let progress = 0;
      const started = Date.now();
      const r = await hub.call('mcp__liar__stream', {}, {onProgress: () => progress++});
      const took = Date.now() - started;
      expect(progress).toBeGreaterThan(10); // the idle timeout alone would have ended it at 500 ms
      expect(r).toMatchObject({isError: true, failure: 'timeout'});
      expect(textOf(r)).toMatch(/liar\/stream timed out after 5000 ms/);
      expect(took).toBeGreaterThanOrEqual(4_900);
      expect(took).toBeLessThan(5_000 + 4_000);
    } finally {
      await hub.close();
      killTagged(tag);
    }
  }, 30_000);
});

describe('trace of hostile values', () => {
  it('a trace summary of a value nested 100,000 deep neither throws into the reader nor drops the message', async () => {
    const tag = newTag('deep-trace');
    const trap = trapProcessErrors();
    // A legacy server whose initialize result carries a cursor-like value nested very deep.
    const code = `
      const deep = '['.repeat(100000) + ']'.repeat(100000);
      const rl = require('readline').createInterface({input: process.stdin});
      rl.on('line', (l) => {
        const m = JSON.parse(l);
        if (m.id === undefined) return;
        let result;
        if (m.method === 'initialize') result = '{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"deep"},"supportedVersions":' + deep + '}';
        else if (m.method === 'tools/list') result = '{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}';
        else if (m.method === 'tools/call') result = '{"content":[{"type":"text","text":"fine"}],"nextCursor":' + deep + '}';
        else { process.stdout.write(JSON.stringify({jsonrpc:'2.0', id:m.id, error:{code:-32601, message:'no'}}) + '\\n'); return; }
        process.stdout.write('{"jsonrpc":"2.0","id":' + JSON.stringify(m.id) + ',"result":' + result + '}\\n');
      });`;
    const {hub} = testHub([{alias: 'deep', command: process.execPath, args: ['-e', code, tag], env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 10_000, callTimeoutMs: 10_000}], {trace: true, rawTrace: () => {}});
    try {
      await hub.start();
      expect(hub.statuses()[0]!.state).toBe('online');
      expect(textOf(await hub.call('mcp__deep__t', {}))).toBe('fine');
    } finally {
      trap.release();
      await hub.close();
      killTagged(tag);
    }
    expect(trap.errors).toEqual([]);
  });
});
