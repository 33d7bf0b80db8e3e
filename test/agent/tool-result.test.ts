import {describe, expect, it, vi} from 'vitest';
import {resultText, toToolResult} from '../../src/agent/tool-result.js';
import type {HubCallResult} from '../../src/hub/types.js';

const result = (over: Partial<HubCallResult>): HubCallResult => ({content: [], durationMs: 1, ...over});

describe('MCP results → model tool_result blocks', () => {
  it('maps every content kind', () => {
    const block = toToolResult('t1', result({
      content: [
        {type: 'text', text: 'hello'},
        {type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png'},
        {type: 'resource', resource: {uri: 'file:///a.txt', mimeType: 'text/plain', text: 'embedded text'}},
        {type: 'resource_link', uri: 'file:///b.md', name: 'b.md', mimeType: 'text/markdown'},
        {type: 'audio', data: 'AAAA', mimeType: 'audio/wav'},
        {type: 'resource', resource: {uri: 'file:///c.bin', blob: 'AAAA'}},
        {type: 'image', data: 'x', mimeType: 'image/tiff'},
      ],
    }));
    expect(block.tool_use_id).toBe('t1');
    expect(block.is_error).toBeUndefined();
    expect(block.content).toEqual([
      {type: 'text', text: 'hello'},
      {type: 'image', source: {type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo='}},
      {type: 'text', text: 'embedded text'},
      {type: 'text', text: '[resource link: file:///b.md (b.md), text/markdown]'},
      {type: 'text', text: '[audio audio/wav, 3 bytes: not shown]'},
      {type: 'text', text: '[embedded resource file:///c.bin: binary, 3 bytes, not shown]'},
      {type: 'text', text: '[breakerbox: content[6] is an image of type "image/tiff", which the model API does not accept (it takes PNG, JPEG, GIF and WebP); not passed on]'},
    ]);
  });

  it('sends structuredContent as JSON when there is no text, and marks isError', () => {
    expect(toToolResult('t', result({structuredContent: {a: 1}})).content).toEqual([{type: 'text', text: '{"a":1}'}]);
    const err = toToolResult('t', result({content: [{type: 'text', text: 'due must be YYYY-MM-DD'}], isError: true}));
    expect(err.is_error).toBe(true);
    expect(err.content).toEqual([{type: 'text', text: 'due must be YYYY-MM-DD'}]);
  });

  it('cuts a result over the cap and says how much was cut', () => {
    const block = toToolResult('t', result({content: [{type: 'text', text: 'x'.repeat(150)}, {type: 'text', text: 'more'}]}), 100);
    expect(block.content).toEqual([
      {type: 'text', text: 'x'.repeat(100)},
      {type: 'text', text: '[breakerbox: result cut, 54 more characters (about 16 tokens) not shown: over the limit of 100 characters of text per result. To see the rest, ask for less per call: a narrower query, or a limit, offset or page argument if the tool has one.]'},
    ]);
  });

  it('words a cut without toLocaleString: its first call in a process loads ICU number formatting (tens of ms)', () => {
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString');
    try {
      const cuts: string[] = [];
      const block = toToolResult('t', result({content: [{type: 'text', text: 'z'.repeat(120_000)}]}), 100_000, {tokens: 1_000_000, onCut: (why) => cuts.push(why)});
      expect((block.content[1] as {text: string}).text).toMatch(/^\[breakerbox: result cut, 20,000 more characters \(about 5,715 tokens\) not shown: over the limit of 100,000 characters of text per result\./);
      expect(cuts).toEqual(['cut to fit: 20,000 characters of text (limit 100,000; --result-cap) left out']);
      expect(toLocale).not.toHaveBeenCalled();
    } finally {
      toLocale.mockRestore();
    }
  });

  it('cuts a result over its token budget (default 25,000), tells the model how to ask for less, and reports the cut', () => {
    // 95,000 characters: under --result-cap's 100,000 but over 25,000 tokens (87,500 characters at 3.5 each).
    const big = 'word '.repeat(19_000);
    const cuts: string[] = [];
    const block = toToolResult('t', result({content: [{type: 'text', text: big.slice(0, 95_000)}]}), undefined, {onCut: (why) => cuts.push(why)});
    const [kept, note] = block.content as Array<{text: string}>;
    expect(kept!.text).toHaveLength(87_500);
    expect(note!.text).toMatch(/^\[breakerbox: result cut, 7,500 more characters \(about 2,143 tokens\) not shown: over the limit of 25,000 tokens per result\. To see the rest, ask for less per call/);
    expect(cuts).toEqual(['cut to fit: 7,500 characters of text (limit 25,000 tokens; --result-tokens or maxResultTokens) left out']);
    // A server's own budget wins; under it nothing is cut or reported.
    const small = toToolResult('t', result({content: [{type: 'text', text: 'y'.repeat(1_000)}]}), undefined, {tokens: 100, onCut: (why) => cuts.push(why)});
    expect((small.content[0] as {text: string}).text).toHaveLength(350);
    const fits = toToolResult('t', result({content: [{type: 'text', text: 'y'.repeat(1_000)}]}), undefined, {tokens: 1_000});
    expect(fits.content).toEqual([{type: 'text', text: 'y'.repeat(1_000)}]);
  });

  it('resultText joins the readable parts for previews', () => {
    expect(resultText({content: [{type: 'text', text: 'a'}, {type: 'resource_link', uri: 'u'}]})).toBe('a\n[resource link: u]');
  });
});
