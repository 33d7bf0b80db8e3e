import {mkdtemp, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import type {ModelMessage, ModelRequest, ModelTool} from '../../../src/agent/model.js';
import {createScriptedModel} from '../../../src/agent/models/scripted.js';
import {loadScript, parseScript} from '../../../src/agent/models/script.js';
import {markdownLines} from '../../../src/ui/markdown/index.js';

const TOOLS: ModelTool[] = [
  {
    name: 'mcp__tickets__search',
    description: '[tickets] Search the issue tracker for tickets by keyword.',
    input_schema: {
      type: 'object',
      properties: {query: {type: 'string'}, status: {type: 'string', enum: ['open', 'closed']}},
      required: ['query'],
    },
  },
  {
    name: 'mcp__notes__search',
    description: '[notes] Search your notes by keyword.',
    input_schema: {
      type: 'object',
      properties: {query: {type: 'string'}, limit: {type: 'integer', default: 10}, exact: {type: 'boolean'}},
      required: ['query'],
    },
  },
  {
    name: 'mcp__notes__read',
    description: '[notes] Read one note by id.',
    input_schema: {type: 'object', properties: {id: {type: 'integer'}}, required: ['id']},
  },
];

const ask = (text: string): ModelMessage[] => [{role: 'user', content: [{type: 'text', text}]}];
const req = (messages: ModelMessage[], extra: Partial<ModelRequest> = {}): ModelRequest => ({system: 's', tools: TOOLS, messages, ...extra});

describe('offline scripted model without a script', () => {
  const model = createScriptedModel();

  it('is offline and says so', () => {
    expect(model.offline).toBe(true);
    expect(model.label).toBe('offline scripted model');
  });

  it('picks the notes search for "search my notes for pagination" and fills the query', async () => {
    const response = await model.respond(req(ask('search my notes for pagination')));
    expect(response.stopReason).toBe('tool_use');
    expect(response.content).toEqual([
      {type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'mcp__notes__search', input: {query: 'pagination'}},
    ]);
  });

  it('picks the tickets tool for "find the ticket about login"', async () => {
    const response = await model.respond(req(ask('find the ticket about login')));
    expect(response.content).toEqual([
      {type: 'tool_use', id: expect.any(String), name: 'mcp__tickets__search', input: {query: 'login'}},
    ]);
  });

  it('fills required numbers from the question and leaves optional fields out', async () => {
    const response = await model.respond(req(ask('read note 42')));
    expect(response.content[0]).toMatchObject({name: 'mcp__notes__read', input: {id: 42}});
  });

  it('breaks a tie by table order', async () => {
    const twins: ModelTool[] = [
      {name: 'mcp__a__echo', description: 'Echo text.', input_schema: {type: 'object'}},
      {name: 'mcp__b__echo', description: 'Echo text.', input_schema: {type: 'object'}},
    ];
    const response = await model.respond({system: '', tools: twins, messages: ask('echo hello')});
    expect(response.content[0]).toMatchObject({name: 'mcp__a__echo', input: {}});
  });

  it('answers in text when no tool matches', async () => {
    const response = await model.respond(req(ask('hello there')));
    expect(response.stopReason).toBe('end_turn');
    expect(response.content).toHaveLength(1);
    expect(response.content[0]).toMatchObject({type: 'text', text: expect.stringContaining('None of my tools matches')});
  });

  it('gives the same answer every time', async () => {
    const a = await model.respond(req(ask('search my notes for pagination')));
    const b = await createScriptedModel().respond(req(ask('search my notes for pagination')));
    expect(b).toEqual(a);
  });

  it('answers quoting the tool result, streamed in chunks, and stops', async () => {
    const long = `Pagination: send nextCursor back verbatim. ${'x'.repeat(400)}`;
    const messages: ModelMessage[] = [
      ...ask('search my notes for pagination'),
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_1', name: 'mcp__notes__search', input: {query: 'pagination'}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: [{type: 'text', text: long}]}]},
    ];
    const chunks: string[] = [];
    const response = await model.respond(req(messages, {onText: (d) => chunks.push(d)}));
    expect(response.stopReason).toBe('end_turn');
    const text = response.content[0].type === 'text' ? response.content[0].text : '';
    expect(text).toBe(`From mcp__notes__search:\n> ${long.slice(0, 300)}…`);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(text);
  });

  it('quotes a result of several lines as several lines on screen (Markdown would join them)', async () => {
    const result = '2026-06-10 n7 Release checklist\n2026-06-02 n2 MCP pagination notes';
    const messages: ModelMessage[] = [
      ...ask('list recent notes'),
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_2', name: 'mcp__notes__list_recent', input: {}}]},
      {role: 'user', content: [{type: 'tool_result', tool_use_id: 'toolu_2', content: [{type: 'text', text: result}]}]},
    ];
    const response = await model.respond(req(messages));
    const text = response.content[0].type === 'text' ? response.content[0].text : '';
    const shown = markdownLines(text, {width: 80, color: false}).map((line) => line.map((seg) => seg.text).join('').trimEnd());
    expect(shown.some((l) => l.endsWith('2026-06-10 n7 Release checklist'))).toBe(true);
    expect(shown.some((l) => l.endsWith('2026-06-02 n2 MCP pagination notes'))).toBe(true);
  });

  it('says when the tool failed and quotes the error', async () => {
    const messages: ModelMessage[] = [
      ...ask('find the ticket about login'),
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_9', name: 'mcp__tickets__search', input: {query: 'login'}}]},
      {
        role: 'user',
        content: [{type: 'tool_result', tool_use_id: 'toolu_9', content: [{type: 'text', text: 'tracker is down'}], is_error: true}],
      },
    ];
    const response = await model.respond(req(messages));
    expect(response.content).toEqual([{type: 'text', text: 'mcp__tickets__search failed:\n> tracker is down'}]);
  });

  // The driver merges the next question into the message that closed the
  // cancelled (or, after --resume, interrupted) call: the question is answered.
  it.each([
    ['a cancelled turn', 'not run: the turn was cancelled or failed before this call finished'],
    ['a session resumed after breakerbox stopped mid-call', 'the call did not finish: breakerbox stopped during it'],
  ])('answers the new question, not the result closing %s', async (_case, closing) => {
    const messages: ModelMessage[] = [
      ...ask('search my notes for pagination'),
      {role: 'assistant', content: [{type: 'tool_use', id: 'toolu_1', name: 'mcp__notes__search', input: {query: 'pagination'}}]},
      {
        role: 'user',
        content: [
          {type: 'tool_result', tool_use_id: 'toolu_1', content: [{type: 'text', text: closing}], is_error: true},
          {type: 'text', text: 'find the ticket about login'},
        ],
      },
    ];
    const response = await model.respond(req(messages));
    expect(response.stopReason).toBe('tool_use');
    expect(response.content).toEqual([{type: 'tool_use', id: expect.any(String), name: 'mcp__tickets__search', input: {query: 'login'}}]);
  });

  it('rejects with an AbortError when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(model.respond(req(ask('search my notes'), {signal: controller.signal}))).rejects.toMatchObject({name: 'AbortError'});
    const streaming = new AbortController();
    const pending = model.respond(req(ask('hello there'), {signal: streaming.signal, onText: () => streaming.abort()}));
    await expect(pending).rejects.toMatchObject({name: 'AbortError'});
  });
});

describe('offline scripted model with a script', () => {
  const script = parseScript(
    {
      steps: [
        {tool: 'mcp__notes__search', input: {query: 'pagination', limit: 3}},
        {text: 'Checking both.', tools: [{tool: 'mcp__tickets__search', input: {query: 'login'}}, {tool: 'mcp__nowhere__x'}]},
        {text: 'final answer'},
      ],
    },
    'demo.json',
  );

  // Plays the script as the loop would: append each response, answer tool calls.
  async function play(model = createScriptedModel({script}), turns = 4) {
    const messages: ModelMessage[] = ask('go');
    const responses = [];
    for (let i = 0; i < turns; i++) {
      const response = await model.respond(req(messages));
      responses.push(response);
      messages.push({role: 'assistant', content: response.content});
      const uses = response.content.filter((b) => b.type === 'tool_use');
      if (uses.length === 0) break;
      messages.push({
        role: 'user',
        content: uses.map((u) => ({type: 'tool_result' as const, tool_use_id: u.type === 'tool_use' ? u.id : '', content: [{type: 'text' as const, text: 'ok'}]})),
      });
    }
    return responses;
  }

  it('replays every step exactly, with deterministic ids', async () => {
    const model = createScriptedModel({script});
    expect(model.label).toBe('scripted: demo.json');
    expect(await play(model)).toEqual([
      {content: [{type: 'tool_use', id: 'toolu_s0_0', name: 'mcp__notes__search', input: {query: 'pagination', limit: 3}}], stopReason: 'tool_use'},
      {
        content: [
          {type: 'text', text: 'Checking both.'},
          {type: 'tool_use', id: 'toolu_s1_0', name: 'mcp__tickets__search', input: {query: 'login'}},
          {type: 'tool_use', id: 'toolu_s1_1', name: 'mcp__nowhere__x', input: {}},
        ],
        stopReason: 'tool_use',
      },
      {content: [{type: 'text', text: 'final answer'}], stopReason: 'end_turn'},
    ]);
  });

  it('says the script ended when it runs out', async () => {
    const one = parseScript({steps: [{tool: 'mcp__notes__search', input: {query: 'q'}}]});
    const responses = await play(createScriptedModel({script: one}));
    expect(responses).toHaveLength(2);
    expect(responses[1]).toEqual({content: [{type: 'text', text: expect.stringMatching(/script ended after 1 step/)}], stopReason: 'end_turn'});
  });

  it('loops forever with repeat', async () => {
    const looping = parseScript({repeat: true, steps: [{tool: 'mcp__a__ping'}, {tool: 'mcp__b__pong'}]});
    const responses = await play(createScriptedModel({script: looping}), 7);
    expect(responses).toHaveLength(7);
    expect(responses.map((r) => (r.content[0].type === 'tool_use' ? `${r.content[0].name}#${r.content[0].id}` : '?'))).toEqual([
      'mcp__a__ping#toolu_s0_0',
      'mcp__b__pong#toolu_s1_0',
      'mcp__a__ping#toolu_s2_0',
      'mcp__b__pong#toolu_s3_0',
      'mcp__a__ping#toolu_s4_0',
      'mcp__b__pong#toolu_s5_0',
      'mcp__a__ping#toolu_s6_0',
    ]);
  });

  it('waits delayMs and gives up on abort', async () => {
    const slow = createScriptedModel({script: parseScript({steps: [{text: 'late', delayMs: 60_000}]})});
    const controller = new AbortController();
    const started = Date.now();
    const pending = slow.respond(req(ask('go'), {signal: controller.signal}));
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({name: 'AbortError'});
    expect(Date.now() - started).toBeLessThan(5_000);

    const quick = createScriptedModel({script: parseScript({steps: [{text: 'soon', delayMs: 30}]})});
    const t0 = Date.now();
    expect((await quick.respond(req(ask('go')))).content).toEqual([{type: 'text', text: 'soon'}]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
  });

  it('an error step rejects with that message', async () => {
    const failing = createScriptedModel({script: parseScript({steps: [{error: 'Anthropic API: 529 overloaded'}]})});
    await expect(failing.respond(req(ask('go')))).rejects.toThrow('Anthropic API: 529 overloaded');
  });
});

describe('loadScript', () => {
  async function file(name: string, text: string) {
    const dir = await mkdtemp(join(tmpdir(), 'bb-script-'));
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  }

  it('loads a valid script and remembers where it came from', async () => {
    const path = await file('ok.json', JSON.stringify({steps: [{text: 'hi'}], repeat: false}));
    const script = await loadScript(path);
    expect(script.steps).toEqual([{text: 'hi'}]);
    expect(createScriptedModel({script}).label).toBe('scripted: ok.json');
  });

  it('names the file and the problem', async () => {
    const bad = await file('bad.json', JSON.stringify({steps: [{text: 'ok'}, {tool: 'x', tools: [{tool: 'y'}]}, {input: {}}]}));
    await expect(loadScript(bad)).rejects.toThrow(`Invalid script ${bad}: steps[1]: use either "tool" or "tools", not both`);
    await expect(loadScript(bad)).rejects.toThrow(/steps\[2\]: a step needs "tool", "tools", "text" or "error"/);

    const typo = await file('typo.json', JSON.stringify({step: []}));
    await expect(loadScript(typo)).rejects.toThrow(new RegExp(`^Invalid script ${typo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*steps`));

    const wrongType = await file('type.json', JSON.stringify({steps: [{tool: 'a', input: 'not an object'}]}));
    await expect(loadScript(wrongType)).rejects.toThrow(/steps\[0\]\.input: /);

    const notJson = await file('broken.json', '{"steps": [');
    await expect(loadScript(notJson)).rejects.toThrow(`Invalid script ${notJson}: not valid JSON`);

    await expect(loadScript('/nonexistent/script.json')).rejects.toThrow('Cannot read script /nonexistent/script.json: no such file');
    await expect(loadScript(bad)).rejects.toMatchObject({name: 'ScriptError', code: 'invalid-script'});
  });

  it("says what was wrong where the schema has no message of its own (zod's English defaults)", () => {
    expect(() => parseScript({steps: [{text: 5}], extra: 1})).toThrow(
      'Invalid script script: steps[0].text: Invalid input: expected string, received number; (top level): Unrecognized key: "extra"',
    );
    expect(() => parseScript({steps: [{text: 'a', delayMs: -1.5}]})).toThrow('steps[0].delayMs: Invalid input: expected int, received number');
  });
});
