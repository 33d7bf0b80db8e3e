import {describe, expect, it} from 'vitest';
import type {ModelTool} from '../../../src/agent/model.js';
import {fillArguments, pickTool, salientText, scoreTool, tokenize} from '../../../src/agent/models/tool-picker.js';

const tool = (name: string, description = '', input_schema: Record<string, unknown> = {type: 'object'}): ModelTool => ({
  name,
  description,
  input_schema,
});

describe('tool picker', () => {
  it('splits names on __, _, - and camelCase, with light stemming', () => {
    expect(tokenize('mcp__my-notes__searchNotes_fast')).toEqual(['mcp', 'my', 'note', 'search', 'note', 'fast']);
    expect(tokenize('Tickets, queries & stories')).toEqual(['ticket', 'query', 'story']);
  });

  it('weighs names over descriptions', () => {
    const byName = tool('mcp__weather__forecast', 'Tells you what tomorrow brings.');
    const byDescription = tool('mcp__misc__lookup', 'Looks up the weather.');
    expect(scoreTool(byName, 'weather in Paris')).toBeGreaterThan(scoreTool(byDescription, 'weather in Paris'));
    expect(pickTool([byDescription, byName], 'weather in Paris')?.tool.name).toBe('mcp__weather__forecast');
  });

  it('finds nothing for small talk', () => {
    expect(pickTool([tool('mcp__notes__search', 'Search notes.')], 'hello, how are you?')).toBeUndefined();
    expect(pickTool([], 'search my notes')).toBeUndefined();
  });

  it('keeps the words that say what to look for', () => {
    const notes = tool('mcp__notes__search', 'Search notes.');
    expect(salientText(notes, 'Search my notes for "cursor pagination" in v2.1')).toBe('cursor pagination v2.1');
    // Nothing left after removing routing words: fall back to the content words.
    expect(salientText(notes, 'search my notes')).toBe('notes');
  });

  it('fills required fields by type and leaves optional ones out', () => {
    const t = tool('mcp__db__query', 'Query rows.', {
      type: 'object',
      properties: {
        sql: {type: 'string'},
        table: {type: ['string', 'null']},
        limit: {type: 'integer', minimum: 5},
        mode: {type: 'string', enum: ['fast', 'slow']},
        dry: {type: 'boolean'},
        retries: {type: 'integer', default: 3},
        tags: {type: 'array', items: {type: 'string'}},
        note: {type: 'string'},
      },
      required: ['sql', 'table', 'limit', 'mode', 'dry', 'retries', 'tags'],
    });
    expect(fillArguments(t, 'query the users table')).toEqual({
      sql: 'users table',
      table: 'users table',
      limit: 5,
      mode: 'fast',
      dry: false,
      retries: 3,
      tags: ['users table'],
    });
    expect(fillArguments(t, 'query 20 users').limit).toBe(20);
    expect(fillArguments(tool('mcp__x__y', '', {}), 'anything')).toEqual({});
  });
});
