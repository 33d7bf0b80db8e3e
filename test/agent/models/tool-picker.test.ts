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
    expect(salientText(notes, 'Search my notes for cursor pagination in v2.1')).toBe('cursor pagination v2.1');
    // A quoted string is the value, exactly as written.
    expect(salientText(notes, 'Search my notes for "cursor pagination" in v2.1')).toBe('cursor pagination');
    // "say" asks what a note holds; it is not a word to look for (README's example question).
    expect(salientText(notes, 'what do my notes say about pagination?')).toBe('pagination');
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

  it('keeps paths, URLs, numbers and identifiers intact when filling arguments', () => {
    const list = tool('mcp__files__list_directory', 'List a directory.', {type: 'object', properties: {path: {type: 'string'}}, required: ['path']});
    expect(fillArguments(list, 'list files in ~/work/files')).toEqual({path: '~/work/files'});
    expect(fillArguments(list, 'what is in ./src/agent, please?')).toEqual({path: './src/agent'});
    const fetch = tool('mcp__web__fetch', 'Fetch a page.', {type: 'object', properties: {url: {type: 'string'}}, required: ['url']});
    expect(fillArguments(fetch, 'fetch https://example.com/a?b=1&c=d, please.')).toEqual({url: 'https://example.com/a?b=1&c=d'});
    const get = tool('mcp__tickets__get_ticket', 'Show one ticket.', {type: 'object', properties: {id: {type: 'string'}}, required: ['id']});
    expect(fillArguments(get, 'get ticket T-102')).toEqual({id: 'T-102'});
    const search = tool('mcp__notes__search', 'Search notes.', {type: 'object', properties: {query: {type: 'string'}}, required: ['query']});
    expect(fillArguments(search, 'search notes for "a/b: c.d" and user_id')).toEqual({query: 'a/b: c.d'});
    expect(fillArguments(search, 'search notes for user_id in src/api.ts')).toEqual({query: 'user_id src/api.ts'});
    const count = tool('mcp__x__top', 'Top items.', {type: 'object', properties: {n: {type: 'integer'}}, required: ['n']});
    // The 102 of T-102 is part of an id, not a count.
    expect(fillArguments(count, 'top T-102 items')).toEqual({n: 1});
    expect(fillArguments(count, 'top 7 items')).toEqual({n: 7});
  });

  it('prefers the tool whose name holds the verb and noun the question starts with', () => {
    const search = tool('mcp__tickets__search', 'Find tickets whose title contains the words.');
    const get = tool('mcp__tickets__get_ticket', 'Show one ticket by id.');
    expect(pickTool([search, get], 'get ticket T-102 and search tickets for login')?.tool.name).toBe('mcp__tickets__get_ticket');
    expect(pickTool([search, get], 'search tickets for login and get ticket T-102')?.tool.name).toBe('mcp__tickets__search');
  });
});
