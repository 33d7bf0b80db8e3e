// Checks 8–11 and 14: failures stay inside their circuit and come back as isError results.
import {readFileSync} from 'node:fs';
import {resultText} from '../agent/tool-result.js';
import type {HubCallResult} from '../hub/types.js';
import {eventually, expect, quote, since, type Check} from './check.js';
import {GHOST, HANG_TIMEOUT_MS} from './fixtures.js';

/** Calls the hub and fails the check if it throws: `call()` must never throw. */
async function call(hub: {call(name: string, args: unknown): Promise<HubCallResult>}, name: string, args: unknown = {}): Promise<HubCallResult> {
  try {
    return await hub.call(name, args);
  } catch (err) {
    expect(false, `calling ${name} threw instead of returning an isError result: ${(err as Error).message}`);
    throw err;
  }
}

export const offlineCheck: Check = {
  n: 8,
  label: 'offline',
  async run(fx) {
    const {hub, row} = await fx.main;
    const ghost = row(GHOST);
    expect(ghost?.state === 'offline', `the server with a missing command is ${ghost?.state ?? 'not there'}, not offline`);
    expect(ghost.reason && ghost.phase === 'spawn', `no reason recorded for ${GHOST} (phase ${ghost.phase}, reason ${quote(ghost.reason)})`);
    expect(hub.unavailable().some((line) => line.startsWith(`${GHOST} is unavailable`)), `${GHOST} is not in the offline table the model is told about`);
    const result = await call(hub, `mcp__${GHOST}__lookup`);
    const text = resultText(result);
    expect(result.isError, `calling a tool of ${GHOST} did not return isError: ${quote(text)}`);
    expect(/no tool named|unavailable/.test(text), `unexpected message for ${GHOST}: ${quote(text)}`);
    const others = await call(hub, `mcp__${fx.tickets.alias}__search`, {query: 'login'});
    expect(!others.isError, `${fx.tickets.alias} stopped working beside the offline server: ${quote(resultText(others))}`);
    return `${GHOST} offline (${ghost.phase}: ${quote(ghost.reason, 70)}), its tool → isError, ${fx.tickets.alias} still answers`;
  },
};

export const unknownToolCheck: Check = {
  n: 9,
  label: 'unknown tool',
  async run(fx) {
    const {hub} = await fx.main;
    const name = `mcp__${fx.notes.alias}__no_such_tool`;
    const result = await call(hub, name);
    expect(result.isError && result.failure === 'unknown-tool', `${name} gave isError=${result.isError} failure=${result.failure}: ${quote(resultText(result))}`);
    return `${name} → isError ${quote(resultText(result))}`;
  },
};

export const timeoutCheck: Check = {
  n: 10,
  label: 'timeout',
  async run(fx) {
    const {hub, sentCalls} = await fx.chaos;
    const entry = hub.catalog.entries.find((e) => e.tool === 'hang');
    expect(entry, 'chaos has no hang tool in the table');
    const started = performance.now();
    const result = await call(hub, entry.name);
    const ms = since(started);
    expect(result.isError && result.failure === 'timeout', `hang gave isError=${result.isError} failure=${result.failure}: ${quote(resultText(result))}`);
    expect(ms >= HANG_TIMEOUT_MS - 5, `hang timed out after ${ms} ms, before its ${HANG_TIMEOUT_MS} ms timeout`);
    const sent = sentCalls.find((c) => c.tool === 'hang');
    expect(sent, 'no tools/call for hang went out on the wire');
    const line = await eventually(() => cancelledLine(fx.chaosLog, sent.id), `the server never received notifications/cancelled for request ${JSON.stringify(sent.id)}`, 5_000);
    return `hang → isError after ${ms} ms (timeout ${HANG_TIMEOUT_MS} ms); the server logged ${quote(line, 60)}`;
  },
};

export const crashCheck: Check = {
  n: 11,
  label: 'crash',
  async run(fx) {
    const {hub, events, row} = await fx.crashy;
    const before = hub.catalog.entries.map((e) => e.name);
    const die = hub.catalog.entries.find((e) => e.tool === 'die');
    expect(die, 'chaos has no die tool in the table');
    const seen = events.length;
    const started = performance.now();
    const result = await call(hub, die.name);
    const ms = since(started);
    expect(result.isError && result.failure === 'exited', `die gave isError=${result.isError} failure=${result.failure}: ${quote(resultText(result))}`);
    expect(ms < 5_000, `the crash surfaced only after ${ms} ms`);
    await eventually(() => events.slice(seen).some((e) => e.type === 'server/restarting'), 'the server was not restarted', 5_000);
    await eventually(() => row('chaos')?.state === 'online', 'the server did not come back online', 12_000);
    const after = hub.catalog.entries.map((e) => e.name);
    expect(after.join() === before.join(), `the tools came back under other names: ${after.join(', ')}`);
    const echo = await call(hub, 'mcp__chaos__echo', {text: 'back'});
    expect(!echo.isError && resultText(echo) === 'back', `echo after the restart: ${quote(resultText(echo))}`);
    return `die → isError in ${ms} ms; restarted with the same ${after.length} tool names`;
  },
};

export const outputSchemaCheck: Check = {
  n: 14,
  label: 'output schema',
  async run(fx) {
    const {hub} = await fx.chaos;
    const name = hub.catalog.entries.find((e) => e.tool === 'structured')?.name;
    expect(name, 'chaos has no structured tool in the table');
    const good = await call(hub, name, {valid: true});
    expect(!good.isError, `a structured result that fits its outputSchema was flagged: ${quote(resultText(good))}`);
    const bad = await call(hub, name, {valid: false});
    expect(bad.isError && bad.failure === 'invalid-output', `a result that breaks its outputSchema gave isError=${bad.isError} failure=${bad.failure}`);
    return `structured {valid:false} → isError (invalid-output): ${quote(resultText(bad), 60)}`;
  },
};

/** The chaos log line `cancelled <requestId> <reason>` for this request id. */
function cancelledLine(path: string, id: unknown): string | undefined {
  try {
    return readFileSync(path, 'utf8').split('\n').find((l) => l.startsWith(`cancelled ${JSON.stringify(id)} `));
  } catch {
    return undefined;
  }
}
