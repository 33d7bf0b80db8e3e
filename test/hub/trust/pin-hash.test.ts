// Pins are compared by their definition (a listed pin by value, a stored one
// by its text); the hash is worked out only where a pin is written or shown (issue #17: hashing every listed tool of
// every start cost CPU and made node:crypto's wrappers hot for TurboFan).
import {describe, expect, it, vi} from 'vitest';

const hashed = vi.hoisted(() => ({calls: 0}));
// node:crypto is loaded on first use (src/util/node-crypto.ts): the count wraps what that hands out.
vi.mock('../../../src/util/node-crypto.js', async (original) => {
  const crypto = (await original<typeof import('../../../src/util/node-crypto.js')>()).nodeCrypto();
  const counted = {...crypto, hash: (...args: Parameters<typeof crypto.hash>) => (hashed.calls++, crypto.hash(...args))};
  return {nodeCrypto: () => counted};
});

const {checkPins, trustTool} = await import('../../../src/hub/trust/evaluate.js');
const {definitionHash, pinTool} = await import('../../../src/hub/trust/canonical.js');
const {readServerPins} = await import('../../../src/hub/trust/pins.js');
type Tool = import('../../../src/session/mcp-types.js').Tool;

const when = new Date('2026-12-01T00:00:00Z');
const tools: Tool[] = Array.from({length: 1000}, (_, i) => ({name: `tool_${i}`, description: `Tool ${i}.`, inputSchema: {type: 'object', properties: {q: {type: 'string'}}}}));

/** Pins as the record or the pin file hold them: plain JSON read back. */
const stored = (pins: unknown) => readServerPins(JSON.parse(JSON.stringify(pins)))!;

describe('pin hashes', () => {
  it('checking a listing hashes no tool, first sight or against kept pins', () => {
    const before = hashed.calls;
    const first = checkPins(undefined, tools, 'withhold', when);
    const kept = {tools: {...first.pins.tools}};
    const again = checkPins(kept, tools, 'withhold', when);
    expect(again.changed).toBe(false);
    expect(hashed.calls - before).toBe(0);
  });

  it('a pin written out carries its hash, in the stored format', () => {
    const check = checkPins(undefined, tools.slice(0, 3), 'withhold', when);
    const written = JSON.parse(JSON.stringify(check.pins));
    const definition = '{"description":"Tool 0.","inputSchema":{"properties":{"q":{"type":"string"}},"type":"object"},"name":"tool_0"}';
    expect(written.tools.tool_0).toStrictEqual({hash: definitionHash(definition), definition, pinnedAt: when.toISOString()});
    expect(check.pins.tools.tool_0!.hash).toBe(written.tools.tool_0.hash);
    const trusted = JSON.parse(JSON.stringify(trustTool(check.pins, tools[1]!, when)));
    expect(trusted.tools.tool_1).toStrictEqual({...written.tools.tool_1, allowHidden: true});
  });

  it('compares pins by their definition text: the same text is the same pin, whatever hash was stored', () => {
    const pins = stored(checkPins(undefined, tools.slice(0, 2), 'withhold', when).pins);
    pins.tools.tool_0!.hash = `sha256:${'0'.repeat(64)}`;
    const check = checkPins(pins, tools.slice(0, 2), 'withhold', when);
    expect(check.tools.get('tool_0')).toMatchObject({state: 'pinned', withheld: []});
    expect(check.changed).toBe(false);
    const changed = checkPins(pins, [{...tools[0]!, description: 'Tool 0, changed.'}], 'withhold', when);
    expect(changed.tools.get('tool_0')).toMatchObject({state: 'changed', withheld: ['changed']});
  });

  it('hashes a listed pin only when it is read, over the text it writes', () => {
    const before = hashed.calls;
    const pin = pinTool(tools[0]!, when);
    expect(hashed.calls - before).toBe(0);
    expect(pin.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(pin.hash).toBe(definitionHash(pin.definition));
  });
});
