// Faults after the handshake: servers that ask, flood, lie, inject escapes,
// change their tools, and tools that hang, die, answer twice, answer to the
// wrong id or answer big. Each: the neighbour serves, every call ends by its
// timeout as a result (never a throw), nothing escapes, no process is left.
import {describe, expect, it} from 'vitest';
import type {CatalogEntry} from '../../src/hub/types.js';
import {stripControl} from '../../src/util/sanitize.js';
import {textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import {BASE_TOOLS, connectionOf, expectNeighbourServes, MODEL_NAME, startFault, stderrOf, toolsOf, useFaultKit} from './fault-kit.js';
import {heldBytes, MB} from './helpers.js';

useFaultKit();

// ESC, BEL, other C0 controls but \t and \n, DEL and the C1 range.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe('faults after the handshake', () => {
  it.each(['legacy', 'modern'])('server_request (%s): every server request gets exactly one answer; sampling is refused as not enabled', async (era) => {
    const run = await startFault('server_request', {CHAOS_ERA: era});
    expect(run.status().state).toBe('online');
    await waitFor(() => /answer 0 result/.test(stderrOf(run.hub)), 'the answer to ping');
    const answers = stderrOf(run.hub).split('\n').filter((l) => l.startsWith('answer '));
    expect(answers).toEqual(['answer "chaos-sampling-1" error {"code":-32601,"message":"Method not found: sampling/createMessage"}', 'answer 0 result {}']);
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'still serving'}))).toBe('still serving');
    await expectNeighbourServes(run.hub);
  });

  it('notify_flood: 10,000 notifications neither block calls nor pile up in memory', async () => {
    const before = heldBytes();
    const run = await startFault('notify_flood');
    expect(run.status().state).toBe('online');
    const started = Date.now();
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'through the flood'}))).toBe('through the flood');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(connectionOf(run.hub)!.stats).toMatchObject({noise: 0, unknownResponses: 0});
    expect(heldBytes() - before).toBeLessThan(10 * MB);
    await expectNeighbourServes(run.hub);
  });

  it('escapes: nothing the model or a screen gets from the catalog carries a control character', async () => {
    const run = await startFault('escapes');
    expect(run.status().state).toBe('online');
    const clean = (e: CatalogEntry): void => {
      expect(e.name).toMatch(MODEL_NAME);
      expect(e.description).not.toMatch(CONTROL);
      expect(e.description.startsWith('[from x] ')).toBe(true);
      if (e.title) expect(e.title).not.toMatch(CONTROL);
      if (e.annotations?.title) expect(e.annotations.title).not.toMatch(CONTROL);
      for (const f of e.findings ?? []) expect(`${f.place} ${f.detail}`).not.toMatch(CONTROL);
    };
    // Both escape-laden tools carry a right-to-left override (an invisible bidi
    // character), so trust on first use keeps them from the model (#21); only
    // the clean `echo` is in the table. The withheld list is shown on screens.
    expect(toolsOf(run.hub)).toEqual(['echo']);
    const withheld = (run.hub.catalog.withheld ?? []).filter((e) => e.alias === 'x');
    expect(withheld.map((e) => e.tool).sort()).toEqual(['clear\u001b[2Jscreen', 'osc_result'].sort());
    for (const e of [...run.hub.catalog.entries.filter((x) => x.alias === 'x'), ...withheld]) clean(e);
    for (const e of withheld) {
      expect(e.pinCheck?.withheld).toEqual(['hidden-characters']);
      expect(e.findings?.some((f) => f.severity === 'block' && f.detail.includes('U+202E'))).toBe(true);
      expect(e.withheld).toContain(`${e.name} is withheld from the model`);
      expect(e.withheld).not.toMatch(CONTROL);
    }
    // Once the user trusts both, they reach the table; still nothing there carries a control character.
    for (const e of withheld) expect(run.hub.trust(e.name).ok).toBe(true);
    expect(run.hub.catalog.withheld ?? []).toEqual([]);
    const entries = run.hub.catalog.entries.filter((e) => e.alias === 'x');
    expect(entries).toHaveLength(3);
    for (const e of entries) clean(e);
    // The result goes to the model verbatim (it is the tool's output); the screen gets it stripped.
    const r = await run.hub.call('mcp__x__osc_result', {});
    expect(r.isError).toBeFalsy();
    expect(stripControl(textOf(r))).not.toMatch(CONTROL);
    expect(stripControl(textOf(r))).toContain('hostile result: ');
    await expectNeighbourServes(run.hub);
  });

  it.each(['legacy', 'modern'])('list_changed (%s): the server is re-listed, the rest of the table keeps its names', async (era) => {
    const run = await startFault('list_changed', {CHAOS_ERA: era});
    await waitFor(() => toolsOf(run.hub).includes('added_later'), 'the re-list');
    expect(toolsOf(run.hub)).toEqual([...BASE_TOOLS.filter((t) => t !== 'twice'), 'added_later']);
    expect(run.hub.catalog.byName.get('mcp__ok__echo')).toMatchObject({alias: 'ok', tool: 'echo'});
    const gone = await run.hub.call('mcp__x__twice', {});
    expect(gone).toMatchObject({isError: true});
    expect(textOf(await run.hub.call('mcp__x__added_later', {text: 'new'}))).toBe('new');
    await expectNeighbourServes(run.hub);
  });
});

describe('tool faults', () => {
  it('hang: the call ends at its timeout as an isError result, the server is told, and keeps serving', async () => {
    const run = await startFault('ok', {}, {toolTimeouts: {hang: 400}});
    const started = Date.now();
    const r = await run.hub.call('mcp__x__hang', {});
    const took = Date.now() - started;
    expect(r).toMatchObject({isError: true, failure: 'timeout'});
    expect(textOf(r)).toBe('x/hang timed out after 400 ms (the server was sent a cancellation)');
    expect(took).toBeGreaterThanOrEqual(390);
    expect(took).toBeLessThan(400 + 3_000);
    await waitFor(() => /cancelled \d+ tools\/call timed out after 400 ms/.test(stderrOf(run.hub)), 'the cancellation at the server');
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'next'}))).toBe('next');
    await expectNeighbourServes(run.hub);
  });

  it('die: the call fails at once with the exit reason; the server restarts; the neighbour never notices', async () => {
    const run = await startFault('ok');
    const started = Date.now();
    const [died, neighbour] = await Promise.all([run.hub.call('mcp__x__die', {code: 9}), run.hub.call('mcp__ok__slow', {ms: 300})]);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(died).toMatchObject({isError: true, failure: 'exited'});
    expect(textOf(died)).toMatch(/the server x stopped during the call to die: server exited with code 9; stderr: .*die: exiting mid-call with status 9/);
    expect(neighbour.isError).toBeFalsy();
    await waitFor(() => run.status().state === 'online' && toolsOf(run.hub).length === BASE_TOOLS.length, 'the restart');
    expect(textOf(await run.hub.call('mcp__x__echo', {text: 'back'}))).toBe('back');
    await expectNeighbourServes(run.hub);
  });

  it('twice: the first answer wins, the second is counted and dropped, later calls are unaffected', async () => {
    const run = await startFault('ok');
    const r = await run.hub.call('mcp__x__twice', {});
    expect(textOf(r)).toBe('twice: this answer is sent two times');
    await waitFor(() => connectionOf(run.hub)!.stats.unknownResponses === 1, 'the duplicate to be counted');
    const next = await Promise.all([1, 2, 3].map((i) => run.hub.call('mcp__x__echo', {text: `after ${i}`})));
    expect(next.map(textOf)).toEqual(['after 1', 'after 2', 'after 3']);
    await expectNeighbourServes(run.hub);
  });

  it('wrong_id: an answer to an id never sent is counted and ignored; the real answer reaches its caller', async () => {
    const run = await startFault('ok');
    const [wrong, echo] = await Promise.all([run.hub.call('mcp__x__wrong_id', {}), run.hub.call('mcp__x__echo', {text: 'mine'})]);
    expect(textOf(wrong)).toBe('wrong_id: this is the real answer');
    expect(textOf(echo)).toBe('mine');
    expect(connectionOf(run.hub)!.stats.unknownResponses).toBe(1);
    await expectNeighbourServes(run.hub);
  });

  it('big: an 8 MB result arrives whole, and is not kept afterwards', async () => {
    const run = await startFault('ok');
    const before = heldBytes();
    // Inside a function, so nothing but the summary outlives the call.
    const summary = async () => {
      const r = await run.hub.call('mcp__x__big', {bytes: 8 * MB});
      const text = textOf(r);
      return {isError: r.isError ?? false, length: text.length, head: text.slice(0, 16)};
    };
    expect(await summary()).toEqual({isError: false, length: 8 * MB, head: '0123456789abcdef'});
    await expectNeighbourServes(run.hub);
    expect(heldBytes() - before).toBeLessThan(10 * MB);
  });
});
