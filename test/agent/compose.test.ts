import {describe, expect, it} from 'vitest';
import {promptTurnText, resourceRefs, withAttachments} from '../../src/agent/compose.js';
import {parsePromptArgs, splitWords} from '../../src/ui/keys/prompt-args.js';

describe('a prompt as the user turn', () => {
  it('keeps user messages, marks the prompt’s assistant messages, describes other blocks, strips escapes', () => {
    const text = promptTurnText('mcp__notes__summarize_note', {
      messages: [
        {role: 'user', content: {type: 'text', text: 'Summarise \u001b[2Jthis'}},
        {role: 'assistant', content: {type: 'text', text: 'Sure.'}},
        {role: 'user', content: {type: 'resource', resource: {uri: 'notes://n2', text: 'the note'}}},
        {role: 'user', content: {type: 'image', data: 'AAAA', mimeType: 'image/png'}},
      ],
    });
    expect(text).toBe("[prompt mcp__notes__summarize_note]\n\nSummarise this\n\n(the prompt's assistant message) Sure.\n\nthe note\n\n[image image/png, 3 bytes]");
  });
});

describe('attachments', () => {
  it('follow the question with their source; binary is summarised', () => {
    const out = withAttachments('what is in @notes:notes://n2?', [
      {alias: 'notes', uri: 'notes://n2', contents: [{uri: 'notes://n2', mimeType: 'text/markdown', text: '# Pagination'}]},
      {alias: 'notes', uri: 'notes://logo', contents: [{uri: 'notes://logo', mimeType: 'image/png', blob: 'AAAAAAAA'}]},
    ]);
    expect(out).toBe('what is in @notes:notes://n2?\n\n[attached resource notes:notes://n2 (text/markdown)]\n# Pagination\n[end of notes:notes://n2]\n\n[attached resource notes:notes://logo (image/png)] binary, 6 bytes, not included');
  });

  it('finds @alias:uri tokens of configured servers only', () => {
    expect(resourceRefs('see @notes:notes://n2 and @x:y and mail@notes:z', ['notes']).map((r) => [r.alias, r.uri, r.start])).toEqual([['notes', 'notes://n2', 4]]);
  });

  it('leaves the punctuation that ends a sentence out of the URI', () => {
    const text = 'what is in @notes:notes://n2? and in ( @notes:file:///a/b.md). @notes:x://q?id=1 @notes:?';
    const refs = resourceRefs(text, ['notes']);
    expect(refs.map((r) => r.uri)).toEqual(['notes://n2', 'file:///a/b.md', 'x://q?id=1']);
    expect(refs.map((r) => text.slice(r.start, r.end))).toEqual(['@notes:notes://n2', '@notes:file:///a/b.md', '@notes:x://q?id=1']);
  });
});

describe('prompt arguments after the slash command', () => {
  const declared = [{name: 'id', required: true}, {name: 'style'}];
  it('fills positionally, by name, and with quotes', () => {
    expect(parsePromptArgs('n2 style=detailed', declared)).toEqual({values: {id: 'n2', style: 'detailed'}, missing: []});
    expect(parsePromptArgs('style="very brief"', declared)).toEqual({values: {style: 'very brief'}, missing: ['id']});
    expect(splitWords('a "b c" d="e f"')).toEqual(['a', 'b c', 'd=e f']);
  });
  it('names what is wrong', () => {
    expect(parsePromptArgs('colour=red', declared).error).toBe('unknown argument “colour”; this prompt takes: id, style');
    expect(parsePromptArgs('a b c', declared).error).toBe('too many values; this prompt takes: id, style');
  });
});
