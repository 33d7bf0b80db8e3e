// Issue #12, round two: a bad result ends that call, never the turn, and what
// goes up from the hub is well-formed and bounded. Each tool of the chaos
// mode `hostile_results` sends one kind of malformed or oversized result.
import {describe, expect, it} from 'vitest';
import {toToolResult} from '../../src/agent/tool-result.js';
import {textOf} from '../helpers/hub.js';
import {expectNeighbourServes, startFault, useFaultKit} from './fault-kit.js';

useFaultKit();

const KINDS = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);
const wellFormed = (content: unknown[]) =>
  content.every((b) => b !== null && typeof b === 'object' && KINDS.has((b as {type: string}).type) && ((b as {type: string}).type !== 'text' || typeof (b as {text: unknown}).text === 'string'));

describe('malformed content becomes readable placeholders for that call', () => {
  it('null and non-object entries in content[]', async () => {
    const {hub} = await startFault('hostile_results');
    const r = await hub.call('mcp__x__null_block', {});
    expect(r.isError).toBeFalsy();
    expect(wellFormed(r.content)).toBe(true);
    expect(textOf(r)).toMatch(/^before\n\[breakerbox: content\[1\] is null, not a content block\]\n\[breakerbox: content\[2\] is a number, not a content block\]\n\[breakerbox: content\[3\] is a string, not a content block\]\nafter$/);
    expect(r.warnings?.length).toBe(3);
    // The model gets a tool_result, with the same words.
    expect(toToolResult('t', r).content.map((b) => (b as {text: string}).text).join('\n')).toBe(textOf(r));
    await expectNeighbourServes(hub);
  });

  it('a bare string as content, a block of unknown type, a text block without text', async () => {
    const {hub} = await startFault('hostile_results');
    const bare = await hub.call('mcp__x__string_content', {});
    expect(bare.content).toEqual([{type: 'text', text: 'just a string'}]);
    expect(bare.warnings?.[0]).toMatch(/bare string/);
    const unknown = await hub.call('mcp__x__unknown_block', {});
    expect(wellFormed(unknown.content)).toBe(true);
    expect(textOf(unknown)).toMatch(/content\[0\] has the unknown type "hologram"; not shown[^]*content\[1\] has no type[^]*the good part/);
    const notString = await hub.call('mcp__x__text_not_string', {});
    expect(textOf(notString)).toMatch(/content\[0\] is a text block whose text is an object/);
    await expectNeighbourServes(hub);
  });
});

describe('images the model API would refuse are never forwarded', () => {
  it('invalid base64 and a type the API does not take become text saying why', async () => {
    const {hub} = await startFault('hostile_results');
    const bad = await hub.call('mcp__x__bad_base64', {});
    expect(bad.content.some((b) => b.type === 'image')).toBe(false);
    expect(textOf(bad)).toMatch(/is an image \(image\/png\) whose data is not valid base64: [^]*not passed on\]\ncaption$/);
    const tiff = await hub.call('mcp__x__odd_image', {});
    expect(tiff.content.some((b) => b.type === 'image')).toBe(false);
    expect(textOf(tiff)).toMatch(/image of type "image\/tiff", which the model API does not accept \(it takes PNG, JPEG, GIF and WebP\)/);
    const good = await hub.call('mcp__x__good_image', {});
    expect(toToolResult('t', good).content[0]).toMatchObject({type: 'image', source: {media_type: 'image/png'}});
  });

  it('a 20 MB image is left out of the result, with a placeholder and a warning saying what was cut', async () => {
    // 20 MB through a pipe on a loaded machine: the call timeout is not what is tested here.
    const {hub} = await startFault('hostile_results', {}, {callTimeoutMs: 60_000});
    const r = await hub.call('mcp__x__big_image', {});
    expect(r.content.some((b) => b.type === 'image')).toBe(false);
    expect(textOf(r)).toMatch(/^\[image image\/png, 20\.0 MB: left out, over the 3\.0 MB of binary data one result may carry\]\nbig picture$/);
    expect(r.warnings).toEqual([expect.stringMatching(/^cut to fit: 1 binary block \(image\/png; 20\.0 MB; limit 3\.0 MB per result\) left out$/)]);
    expect(JSON.stringify(toToolResult('t', r)).length).toBeLessThan(1_000);
  }, 120_000);

  it('text is cut to the hub\'s textChars (the app passes --result-cap), with the cut named', async () => {
    const {hub} = await startFault('ok', {}, {}, {results: {textChars: 1_000}});
    const r = await hub.call('mcp__x__big', {bytes: 5_000});
    expect(textOf(r)).toMatch(/^(0123456789abcdef){62}01234567\n\[breakerbox: result cut, 4,000 more characters \(about 1,143 tokens\) not shown: over the limit of 1,000 characters of text per result\. To see the rest, ask for less per call: a narrower query, or a limit, offset or page argument if the tool has one\.\]$/);
    expect(r.warnings).toEqual(['cut to fit: 4,000 characters of text (limit 1,000; --result-cap) left out']);
  });

  it('an image that fits is kept', async () => {
    const {hub} = await startFault('hostile_results', {}, {callTimeoutMs: 60_000});
    // An image that fits is kept.
    const small = await hub.call('mcp__x__big_image', {bytes: 300_000});
    expect(small.content[0]).toMatchObject({type: 'image', mimeType: 'image/png'});
  });
});

describe('structuredContent nested 10,000 levels deep', () => {
  it('is dropped with a note; the call, the conversion for the model and the neighbour all go on', async () => {
    const {hub} = await startFault('hostile_results');
    const r = await hub.call('mcp__x__deep_structured', {});
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toBeUndefined();
    expect(textOf(r)).toMatch(/^deep result\n\[breakerbox: the structured result was nested more than 128 levels deep and was dropped\]$/);
    expect(() => JSON.stringify(toToolResult('t', r))).not.toThrow();
    await expectNeighbourServes(hub);
  });
});
