// How the era is chosen per start: the probe, a pin, the remembered era, and
// a second process after the server died on the probe. In-memory servers, one
// per "process", so each test sees exactly what every process was sent.
import {afterEach, describe, expect, it} from 'vitest';
import {openSession, type OpenOptions} from '../../src/session/open.js';
import type {McpSession} from '../../src/session/session.js';
import {MemoryTransport} from '../../src/transport/memory.js';

type Reply = (m: any, server: MemoryTransport) => void;
const ok = (server: MemoryTransport, m: any, result: object) => void server.send({jsonrpc: '2.0', id: m.id, result});
const fail = (server: MemoryTransport, m: any, code: number, message: string, data?: unknown) => void server.send({jsonrpc: '2.0', id: m.id, error: {code, message, data}});
const INIT = (version = '2025-11-25') => ({protocolVersion: version, capabilities: {tools: {}}, serverInfo: {name: 'fake'}});
const DISCOVER = (versions = ['2026-07-28']) => ({supportedVersions: versions, capabilities: {tools: {}}});

/** Servers made one per "process" by `behaviours[n]` (the last one repeats); records what each was sent. */
function processes(...behaviours: Reply[]) {
  const sent: string[][] = [];
  const make = () => {
    const [client, server] = MemoryTransport.pair();
    const mine: string[] = [];
    sent.push(mine);
    const behave = behaviours[Math.min(sent.length - 1, behaviours.length - 1)]!;
    server.onmessage = (m: any) => {
      mine.push(m.method ?? 'response');
      behave(m, server);
    };
    return client;
  };
  return {make, sent};
}

/** A legacy server built like Rust rmcp's: any request before initialize ends the process. */
const diesOnProbe = (how: 'exit' | 'close-stdout' = 'exit'): Reply => (m, server) => {
  if (m.method === 'initialize') return ok(server, m, INIT());
  if (m.id !== undefined) void server.close(how === 'exit' ? {code: 1, signal: null, stderrTail: 'Error: expected initialize request'} : {code: null, signal: null, stdoutClosed: true});
};
const legacy: Reply = (m, server) => {
  if (m.method === 'initialize') ok(server, m, INIT());
  else if (m.id !== undefined) fail(server, m, -32601, `no ${m.method}`);
};
const modern = (versions = ['2026-07-28']): Reply => (m, server) => {
  const asked = m.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
  if (m.id === undefined) return;
  if (!versions.includes(asked)) return fail(server, m, -32022, 'Unsupported protocol version', {supported: versions, requested: asked ?? null});
  if (m.method === 'server/discover') ok(server, m, DISCOVER(versions));
};

const opened: McpSession[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function open(make: () => MemoryTransport, extra: Partial<OpenOptions> = {}) {
  const notes: string[] = [];
  const session = await openSession({makeTransport: make, label: 'x', clientInfo: {name: 't'}, probeWaitMs: 200, handshakeTimeoutMs: 5_000, onNote: (n) => notes.push(n), ...extra});
  opened.push(session);
  return {session, notes};
}

describe('protocol version negotiation: only versions breakerbox implements', () => {
  it('a DiscoverResult that lists only newer versions is refused, naming both sides', async () => {
    const p = processes((m, server) => m.method === 'server/discover' && ok(server, m, DISCOVER(['2027-03-01', '2028-01-01'])));
    const err = await open(p.make).catch((e) => e);
    expect(err.code).toBe('unsupported-version');
    expect(err.message).toMatch(/^server\/discover: the server offers only protocol versions 2027-03-01, 2028-01-01; breakerbox speaks 2026-07-28 \(modern\) and 2025-11-25/);
  });

  it('a legacy server that answers server/discover with an empty result is still reached through initialize', async () => {
    const p = processes((m, server) => {
      if (m.method === 'server/discover') ok(server, m, {});
      if (m.method === 'initialize') ok(server, m, INIT());
    });
    const {session} = await open(p.make);
    expect([session.era, session.eraDecidedBy]).toEqual(['legacy', 'probe']);
  });

  it('-32022 listing a legacy version breakerbox speaks leads to initialize at that version, on the same process', async () => {
    const p = processes((m, server) => {
      if (m.method === 'server/discover') fail(server, m, -32022, 'Unsupported protocol version', {supported: ['2027-01-01', '2025-06-18']});
      if (m.method === 'initialize') ok(server, m, INIT(m.params.protocolVersion));
    });
    const {session} = await open(p.make);
    expect([session.era, session.protocolVersion]).toEqual(['legacy', '2025-06-18']);
    expect(p.sent).toEqual([['server/discover', 'initialize', 'notifications/initialized']]);
  });

  it.each(['discover first', 'initialize first'])('-32022 to a slow probe wins over initialize sent beside it, whichever answer comes first (%s)', async (order) => {
    let held: any[] = [];
    const p = processes((m, server) => {
      if (m.id === undefined) return;
      held.push(m);
      if (held.length < 2) return; // the probe waits until initialize is out too
      const answers = order === 'discover first' ? held : [...held].reverse();
      for (const q of answers) fail(server, q, -32022, 'Unsupported protocol version', {supported: ['2027-01-01']});
      held = [];
    });
    const err = await open(p.make, {probeWaitMs: 20}).catch((e) => e);
    expect(err.code).toBe('unsupported-version');
    expect(p.sent[0]).toEqual(['server/discover', 'initialize']);
  });

  it('-32022 with no usable version (or none listed) is offline with the reason', async () => {
    for (const data of [{supported: ['2030-01-01']}, undefined, {supported: 'x'}]) {
      const p = processes((m, server) => m.id !== undefined && fail(server, m, -32022, 'Unsupported', data));
      const err = await open(p.make).catch((e) => e);
      expect(err.message).toMatch(/-32022\); the server offers only protocol version/);
      expect(p.sent).toHaveLength(1);
    }
  });
});

describe('servers that die on the probe', () => {
  it.each(['exit', 'close-stdout'] as const)('%s after server/discover: started again and spoken to in legacy directly', async (how) => {
    const p = processes(diesOnProbe(how));
    const {session, notes} = await open(p.make);
    expect([session.era, session.protocolVersion, session.eraDecidedBy]).toEqual(['legacy', '2025-11-25', 'respawned-after-probe']);
    expect(p.sent).toEqual([['server/discover'], ['initialize', 'notifications/initialized']]);
    expect(notes).toEqual([
      `the server ${how === 'exit' ? 'exited' : 'closed its stdout'} after the server/discover probe without answering it; starting it again and speaking legacy (initialize) directly`,
    ]);
  });

  it('a modern server that crashed on the probe once: the second process refuses initialize, so it is probed', async () => {
    const p = processes(diesOnProbe(), modern());
    const {session} = await open(p.make);
    expect([session.era, session.eraDecidedBy]).toEqual(['modern', 'probe']);
    expect(p.sent).toEqual([['server/discover'], ['initialize', 'server/discover']]);
  });

  it('a modern server that crashes on every probe ends offline with the crash as the reason', async () => {
    const crash: Reply = (m, server) => {
      if (m.method === 'server/discover') void server.close({code: 2, signal: null, stderrTail: 'cannot open state.db'});
      else modern()(m, server);
    };
    const err = await open(processes(crash).make).catch((e) => e);
    expect(err.message).toBe('server exited with code 2; stderr: cannot open state.db');
  });

  it('a server that answered the probe and then died on initialize is not started again', async () => {
    const p = processes((m, server) => {
      if (m.method === 'server/discover') fail(server, m, -32601, 'no');
      if (m.method === 'initialize') void server.close({code: 2, signal: null, stderrTail: 'cannot open db'});
    });
    const err = await open(p.make).catch((e) => e);
    expect(err.code).toBe('exited');
    expect(err.message).toBe('server exited with code 2; stderr: cannot open db');
    expect(p.sent).toHaveLength(1);
  });

  it('a server that dies on the legacy handshake too ends offline after the second process, with its reason', async () => {
    const p = processes((m, server) => m.id !== undefined && void server.close({code: 1, signal: null, stderrTail: 'broken'}));
    const err = await open(p.make).catch((e) => e);
    expect(err.message).toBe('server exited with code 1; stderr: broken');
    expect(p.sent).toEqual([['server/discover'], ['initialize']]);
  });

  it('no second process once the owner has given up', async () => {
    const abort = new AbortController();
    const p = processes((m, server) => {
      abort.abort('closing');
      diesOnProbe()(m, server);
    });
    await expect(open(p.make, {signal: abort.signal})).rejects.toThrow(/cancelled/);
    expect(p.sent).toHaveLength(1);
  });
});

describe('the remembered era', () => {
  it('legacy: initialize goes first, with no probe', async () => {
    const p = processes(diesOnProbe());
    const {session} = await open(p.make, {remembered: {era: 'legacy', protocolVersion: '2025-11-25'}});
    expect(session.eraDecidedBy).toBe('remembered');
    expect(p.sent).toEqual([['initialize', 'notifications/initialized']]);
  });

  it('legacy, but the server is modern now: refused initialize leads to the probe on the same process', async () => {
    const p = processes(modern());
    const {session} = await open(p.make, {remembered: {era: 'legacy', protocolVersion: '2025-11-25'}});
    expect([session.era, session.eraDecidedBy]).toEqual(['modern', 'probe']);
    expect(session.eraDecision).toMatch(/\(initialize was refused: Unsupported protocol version\)$/);
    expect(p.sent).toEqual([['initialize', 'server/discover']]);
  });

  it('legacy, but the process dies on initialize: a fresh process is probed', async () => {
    const p = processes((m, server) => m.id !== undefined && void server.close({code: 1, signal: null, stderrTail: ''}), modern());
    const {session, notes} = await open(p.make, {remembered: {era: 'legacy', protocolVersion: '2025-11-25'}});
    expect([session.era, session.eraDecidedBy]).toEqual(['modern', 'probe']);
    expect(p.sent).toEqual([['initialize'], ['server/discover']]);
    expect(notes[0]).toMatch(/^the remembered legacy era failed \(server exited with code 1\); starting the server again and probing/);
  });

  it('modern: the probe runs and confirms it', async () => {
    const p = processes(modern());
    const {session} = await open(p.make, {remembered: {era: 'modern', protocolVersion: '2026-07-28'}});
    expect([session.era, session.eraDecidedBy]).toEqual(['modern', 'remembered']);
  });

  it('modern, but the server is legacy now: the probe says so', async () => {
    const p = processes(legacy);
    const {session} = await open(p.make, {remembered: {era: 'modern', protocolVersion: '2026-07-28'}});
    expect([session.era, session.eraDecidedBy]).toEqual(['legacy', 'probe']);
  });
});

describe('the "protocol" pin', () => {
  it('"legacy": initialize only, whatever the server would answer to a probe', async () => {
    const p = processes(diesOnProbe());
    const {session} = await open(p.make, {protocol: 'legacy', remembered: {era: 'modern', protocolVersion: '2026-07-28'}});
    expect([session.era, session.eraDecidedBy]).toEqual(['legacy', 'pinned']);
    expect(p.sent).toEqual([['initialize', 'notifications/initialized']]);
  });

  it('an exact legacy version is asked for, and any other answer is refused', async () => {
    const p = processes((m, server) => m.method === 'initialize' && ok(server, m, INIT('2025-11-25')));
    const err = await open(p.make, {protocol: '2025-06-18'}).catch((e) => e);
    expect(err.message).toBe('initialize: the server chose protocol version "2025-11-25", but the config pins "protocol": "2025-06-18"');
    const q = processes((m, server) => m.method === 'initialize' && ok(server, m, INIT(m.params.protocolVersion)));
    const {session} = await open(q.make, {protocol: '2025-06-18'});
    expect([session.protocolVersion, session.eraDecidedBy]).toEqual(['2025-06-18', 'pinned']);
  });

  it('a modern version: server/discover at it, never a fallback to legacy', async () => {
    const p = processes(legacy);
    const err = await open(p.make, {protocol: '2026-07-28'}).catch((e) => e);
    expect(err.message).toBe('server/discover at the pinned version 2026-07-28 failed: no server/discover (set "protocol": "auto" to detect the era)');
    expect(p.sent).toEqual([['server/discover']]);
    const q = processes(modern());
    const {session} = await open(q.make, {protocol: '2026-07-28'});
    expect([session.era, session.eraDecidedBy]).toEqual(['modern', 'pinned']);
  });
});
