import {describe, expect, it} from 'vitest';
import type {ModelMessage, ModelTool} from '../../../src/agent/model.js';
import {createScriptedModel} from '../../../src/agent/models/scripted.js';

const tool = (name: string, description: string, required: string[] = []): ModelTool => ({
  name,
  description: `[from ${name.split('__')[1]}] ${description}`,
  input_schema: {type: 'object', properties: Object.fromEntries(required.map((k) => [k, {type: 'string'}])), required},
});

// The audit's table: a destructive tool whose name and description hold "tool"-ish and number-ish words.
const TOOLS: ModelTool[] = [
  tool('mcp__notes__search', 'Find notes by keyword.', ['query']),
  tool('mcp__notes__read_note', 'Return one note by id.', ['id']),
  tool('mcp__tickets__search', 'Find tickets by keyword.', ['query']),
  tool('mcp__tickets__create_ticket', 'Open a new ticket.', ['title']),
  tool('mcp__tickets__close_ticket', 'Close a ticket for good. It cannot be reopened with these tools.', ['id']),
  tool('mcp__fs__write_file', 'Create or overwrite a file; use this tool with care.', ['path', 'content']),
];

const model = createScriptedModel();
const user = (text: string): ModelMessage => ({role: 'user', content: [{type: 'text', text}]});

async function answer(messages: ModelMessage[]): Promise<{text: string; message: ModelMessage}> {
  const response = await model.respond({system: '', tools: TOOLS, messages});
  expect(response.content.filter((b) => b.type === 'tool_use')).toEqual([]);
  expect(response.stopReason).toBe('end_turn');
  const text = response.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  return {text, message: {role: 'assistant', content: response.content}};
}

describe('offline model: questions about its tools', () => {
  it.each(['what tools do you have?', 'which tools can you use', 'show me your tools', 'how many tools are available?', 'what can you do?'])(
    '"%s" lists the tools, numbered, and calls none',
    async (question) => {
      const {text} = await answer([user(question)]);
      expect(text).toContain('My tools (6):');
      expect(text).toContain('5. `mcp__tickets__close_ticket` — Close a ticket for good.');
      expect(text).toContain('6. `mcp__fs__write_file`');
    },
  );

  it('narrows the list to the topic the question names, keeping the numbers', async () => {
    const {text} = await answer([user('what tools do you have for tickets?')]);
    expect(text).toContain('My tools that match (3 of 6):');
    expect(text).toContain('3. `mcp__tickets__search`');
    expect(text).not.toContain('mcp__notes__');
  });

  it('describes one tool asked about by name or number without calling it', async () => {
    expect((await answer([user('what does the close_ticket tool do?')])).text).toMatch(/^#5 is `mcp__tickets__close_ticket`: Close a ticket/);
    expect((await answer([user('tell me about tool 6')])).text).toMatch(/^#6 is `mcp__fs__write_file`.*\n\nIt needs: `path`, `content`\. I have not called it/s);
    expect((await answer([user('tool 9?')])).text).toContain('I have 6 tools, so there is no #9.');
  });

  it('reads a bare "#5" after a tool list as that tool, and calls nothing', async () => {
    const q = user('what tools do you have?');
    const list = (await answer([q])).message;
    for (const followUp of ['#5', 'what does #5 do?', 'more on number 5', 'and the 5th one?']) {
      expect((await answer([q, list, user(followUp)])).text).toMatch(/^#5 is `mcp__tickets__close_ticket`/);
    }
  });

  it('still acts on requests that mention a tool or a number', async () => {
    const use = await model.respond({system: '', tools: TOOLS, messages: [user('use the notes tool to search for pagination')]});
    expect(use.content).toEqual([expect.objectContaining({type: 'tool_use', name: 'mcp__notes__search'})]);
    // Without a tool list just before it, "#5" in a request is the request's own number.
    const close = await model.respond({system: '', tools: TOOLS, messages: [user('close ticket #5')]});
    expect(close.content).toEqual([expect.objectContaining({type: 'tool_use', name: 'mcp__tickets__close_ticket', input: {id: '5'}})]);
  });
});
