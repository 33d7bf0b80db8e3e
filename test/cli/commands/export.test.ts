// `breakerbox export ID [file]` (or `--export`): a saved session as markdown — questions,
// answers, each call with its arguments and result, errors, resumes and clears.
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {run} from '../../../src/cli/commands/export.js';
import {runCli} from '../../helpers/cli.js';
import {tempState} from '../../sessions/helpers.js';

const ID = '2026-11-30T04-12-33-ab12';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0]).toString('base64');

/** A session file as the recorder writes it, with every kind of record and a call that never finished. */
function sessionLines(): string[] {
  const rec = (r: object) => JSON.stringify(r);
  return [
    rec({type: 'session', version: 1, id: ID, startedAt: '2026-11-30T04:12:33.000Z', cwd: '/home/someone', model: 'claude-sonnet-5-5'}),
    rec({type: 'user', at: 't', text: 'search my notes for pagination'}),
    rec({type: 'assistant', at: 't', content: [{type: 'text', text: 'Looking.'}, {type: 'tool_use', id: 'tu1', name: 'mcp__notes__search', input: {query: 'pagination'}}, {type: 'tool_use', id: 'tu2', name: 'mcp__notes__read_note', input: {id: 'n9'}}]}),
    rec({type: 'call', at: 't', call: {id: 'tu1', name: 'mcp__notes__search', server: 'notes', tool: 'search', arguments: {query: 'pagination'}, isError: false, text: '{"matches":1}', result: {type: 'tool_result', tool_use_id: 'tu1', content: [{type: 'text', text: '{"matches":1}'}, {type: 'image', source: {type: 'base64', media_type: 'image/png', data: PNG}}]}}}),
    rec({type: 'call', at: 't', call: {id: 'tu2', name: 'mcp__notes__read_note', server: 'notes', tool: 'read_note', arguments: {id: 'n9'}, isError: true, text: 'No note n9 \u001b]52;c;aGk=\u0007here.'}}),
    rec({type: 'assistant', at: 't', content: [{type: 'text', text: '# Found it\n\nThe list **ends** when `nextCursor` is absent.\n\n```js\nconst a = "```";\n```'}]}),
    rec({type: 'resumed', at: '2026-11-30T05:00:00.000Z', model: 'scripted'}),
    rec({type: 'user', at: 't', text: 'close T-1'}),
    rec({type: 'assistant', at: 't', content: [{type: 'tool_use', id: 'tu3', name: 'mcp__tickets__close_ticket', input: {id: 'T-1'}}]}),
    rec({type: 'cleared', at: 't'}),
    rec({type: 'user', at: 't', text: 'and now?'}),
  ];
}

describe('export', () => {
  let state: ReturnType<typeof tempState> | undefined;
  afterEach(() => state?.cleanup());

  function saved(lines = sessionLines()): {env: NodeJS.ProcessEnv; cwd: string; out: string[]; err: string[]} {
    state = tempState();
    const dir = join(state.env.XDG_STATE_HOME!, 'breakerbox', 'sessions');
    mkdirSync(dir, {recursive: true});
    writeFileSync(join(dir, `${ID}.jsonl`), lines.join('\n') + '\n');
    const out: string[] = [];
    const err: string[] = [];
    return {env: state.env, cwd: state.dir, out, err};
  }
  const io = (s: ReturnType<typeof saved>) => ({env: s.env, cwd: s.cwd, stdout: {write: (t: string) => s.out.push(t)}, stderr: {write: (t: string) => s.err.push(t)}});

  it('writes questions, answers, each call with its arguments and result, errors and breaks, in order', async () => {
    const s = saved();
    expect(await run([ID.slice(0, 15), '-'], io(s), new Date('2026-12-01T00:00:00Z'))).toBe(0);
    const md = s.out.join('');
    expect(md).toMatch(/^# breakerbox conversation\n\n- session: 2026-11-30T04-12-33-ab12\n- started: 2026-11-30T04:12:33.000Z\n- model: claude-sonnet-5-5\n/);
    const order = ['## Question\n\nsearch my notes for pagination', '## Answer\n\nLooking.', '### Tool call `mcp__notes__search` (notes / search): ok', '### Tool call `mcp__notes__read_note` (notes / read_note): tool error', '## Answer\n\n# Found it', '*resumed at 2026-11-30T05:00:00.000Z with scripted*', '## Question\n\nclose T-1', '### Tool call `mcp__tickets__close_ticket`: not finished', '*the conversation was cleared here (/clear)*', '## Question\n\nand now?'];
    let at = -1;
    for (const part of order) {
      const next = md.indexOf(part);
      expect(next, `missing or out of order: ${part}`).toBeGreaterThan(at);
      at = next;
    }
    expect(md).toContain('Arguments:\n\n```json\n{\n  "query": "pagination"\n}\n```');
    expect(md).toContain('Result:\n\n```text\n{"matches":1}\n[image 640×480 png, 28 bytes]\n```');
    // The answer's own fence holds ``` inside a string: the answer is kept as written.
    expect(md).toContain('```js\nconst a = "```";\n```');
    // Escape sequences from a server never reach the file.
    expect(md).toContain('No note n9 here.');
    expect(md).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('writes a timestamped file in the current directory by default, never over an existing file', async () => {
    const s = saved();
    const now = new Date('2026-12-01T10:20:30Z');
    expect(await run([ID], io(s), now)).toBe(0);
    const path = join(s.cwd, 'breakerbox-2026-12-01T10-20-30.md');
    expect(s.out.join('')).toBe(`${path}\n`);
    expect(readFileSync(path, 'utf8')).toContain('## Question');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await run([ID], io(s), now)).toBe(0);
    expect(s.out.join('')).toContain('breakerbox-2026-12-01T10-20-30-2.md');
    expect(await run([ID, 'keep.md'], io(s), now)).toBe(0);
    expect(await run([ID, 'keep.md'], io(s), now)).toBe(2);
    expect(s.err.join('')).toContain(`${join(s.cwd, 'keep.md')} already exists; give another file name (nothing was overwritten)`);
  });

  it('a missing session or a missing id is a clear error with exit 2', async () => {
    const s = saved();
    expect(await run(['2027'], io(s))).toBe(2);
    expect(s.err.join('')).toContain('no saved session "2027"; see breakerbox --sessions');
    expect(await run([], io(s))).toBe(2);
    expect(s.err.join('')).toContain('usage: breakerbox export ID [file]');
  });

  it('the built CLI exports the latest session to stdout, as --export or as the export subcommand', async () => {
    const s = saved();
    const r = await runCli(['--export', 'latest', '-'], {env: {XDG_STATE_HOME: s.env.XDG_STATE_HOME!}});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('## Question\n\nsearch my notes for pagination');
    const sub = await runCli(['export', 'latest', '-'], {env: {XDG_STATE_HOME: s.env.XDG_STATE_HOME!}});
    expect(sub.stdout.replace(/- exported: .*\n/, '')).toBe(r.stdout.replace(/- exported: .*\n/, ''));
  });
});
