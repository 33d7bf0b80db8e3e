// The soak's faults from issue #12, round two (hub and content): hostile
// results, oversized tool definitions, list-change storms, elicitation floods.
// Kept apart from faults.ts so both lists can grow without colliding.
import type {Hub} from '../../src/hub/hub.js';
import {textOf} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';
import type {Fault} from './faults.js';

const stderr = (hub: Hub): string => {
  const slot = (hub as unknown as {byAlias: Map<string, {session?: {connection: {transport: {stderr: {text(): string}}}}}>}).byAlias.get('x')!;
  return slot.session!.connection.transport.stderr.text();
};

async function expectCall(hub: Hub, tool: string, check: RegExp, args: Record<string, unknown> = {}): Promise<string> {
  const r = await hub.call(`mcp__x__${tool}`, args);
  const text = textOf(r);
  if (!check.test(text)) throw new Error(`${tool}: ${JSON.stringify(text.slice(0, 200))} does not match ${check}`);
  return text;
}

/** What each fault must do; see servers/lib/chaos-hostile.mjs. */
export const HUB_FAULTS: Fault[] = [
  {name: 'hostile results (null, string, unknown, bad images)', mode: 'hostile_results', state: 'online', probe: async (hub) => {
    await expectCall(hub, 'null_block', /content\[1\] is null, not a content block/);
    await expectCall(hub, 'string_content', /^just a string$/);
    await expectCall(hub, 'unknown_block', /unknown type "hologram"/);
    await expectCall(hub, 'bad_base64', /not valid base64/);
    await expectCall(hub, 'odd_image', /does not accept/);
    return 'every malformed result became placeholders for its own call';
  }},
  {name: 'a 20 MB image', mode: 'hostile_results', extra: {callTimeoutMs: 60_000}, state: 'online', probe: async (hub) => (await expectCall(hub, 'big_image', /20\.0 MB: left out/)).split('\n')[0]!},
  {name: 'structuredContent 10,000 deep', mode: 'hostile_results', state: 'online', probe: async (hub) => (await expectCall(hub, 'deep_structured', /nested more than 128 levels deep and was dropped/)).split('\n')[1]!},
  {name: 'redos outputSchema', mode: 'hostile_results', state: 'online', probe: async (hub) => {
    const r = await hub.call('mcp__x__redos', {});
    if (r.failure !== 'invalid-output') throw new Error(`redos gave ${r.failure}`);
    return `isError (invalid-output): ${textOf(r).slice(0, 100)}`;
  }},
  {name: 'a 40 MB tool description', mode: 'huge_tool', extra: {startupTimeoutMs: 30_000}, state: 'online', probe: async (hub) => {
    const huge = hub.catalog.byName.get('mcp__x__huge');
    if (!huge || huge.description.length > 64 * 1024) throw new Error(`huge: ${huge?.description.length} characters`);
    return `description cut to ${huge.description.length} characters; ${hub.droppedTools.map((d) => `${d.tool} dropped: ${d.reason}`).join('; ')}`;
  }},
  {name: 'list_changed every 20 ms', mode: 'list_storm', state: 'online', probe: async (hub) => {
    await waitFor(() => /list_storm: done after (\d+) notices/.test(stderr(hub)), 'the storm to end', 60_000);
    const n = Number(/done after (\d+) notices/.exec(stderr(hub))![1]);
    await waitFor(() => hub.catalog.byName.has(`mcp__x__storm_${n}`), `storm_${n} in the catalog`, 20_000);
    return `re-listed during the storm; the catalog ends with storm_${n}, as the server's list does`;
  }},
  {name: 'elicitation flood (300)', mode: 'elicit_flood', state: 'online', hubOptions: {features: () => ({elicit: (_p, ctx) => new Promise((r) => ctx.signal?.addEventListener('abort', () => r({action: 'cancel'})))})}, probe: async (hub) => {
    const declined = () => (stderr(hub).match(/^answer "flood-\d+" result \{"action":"decline"\}/gm) ?? []).length;
    await waitFor(() => declined() === 297, '297 declined', 30_000);
    const waiting = hub.declineInputsFrom('x');
    await waitFor(() => declined() === 300, 'all declined', 10_000);
    return `297 declined at once, ${waiting} waited for the user until "decline all"`;
  }},
];
