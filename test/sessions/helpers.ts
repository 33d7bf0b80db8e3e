import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {expect} from 'vitest';
import type {ModelContent, ModelMessage} from '../../src/agent/model.js';

/** A fresh XDG_STATE_HOME; `cleanup` removes it. */
export function tempState(): {dir: string; env: NodeJS.ProcessEnv; cleanup(): void} {
  const dir = mkdtempSync(join(tmpdir(), 'breakerbox-sessions-'));
  return {dir, env: {XDG_STATE_HOME: join(dir, 'state'), HOME: dir}, cleanup: () => rmSync(dir, {recursive: true, force: true})};
}

type ToolUse = Extract<ModelContent, {type: 'tool_use'}>;
type ToolResult = Extract<ModelContent, {type: 'tool_result'}>;

/** Asserts what the Messages API requires: user first, roles alternate, every tool_use answered in the next message, nothing else answered. */
export function expectValidForApi(history: ModelMessage[]): void {
  expect(history[0]?.role).toBe('user');
  history.forEach((m, i) => {
    expect(m.content.length, `message ${i} is empty`).toBeGreaterThan(0);
    if (i > 0) expect(m.role, `message ${i} repeats the role ${m.role}`).not.toBe(history[i - 1]!.role);
    const results = m.content.filter((b): b is ToolResult => b.type === 'tool_result').map((b) => b.tool_use_id);
    const previous = history[i - 1];
    const asked = previous?.role === 'assistant' ? previous.content.filter((b): b is ToolUse => b.type === 'tool_use').map((b) => b.id) : [];
    if (m.role === 'user') expect(results.sort(), `message ${i} answers other calls than message ${i - 1} asked`).toEqual(asked.sort());
  });
  const last = history[history.length - 1];
  if (last?.role === 'assistant') expect(last.content.some((b) => b.type === 'tool_use'), 'the history ends with unanswered calls').toBe(false);
}
