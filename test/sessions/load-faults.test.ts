import {appendFileSync, mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {loadSession, SessionRecorder, STOPPED_DURING_CALL, sessionsDir} from '../../src/sessions/index.js';
import {expectValidForApi, tempState} from './helpers.js';

let state: ReturnType<typeof tempState>;
beforeEach(() => (state = tempState()));
afterEach(() => state.cleanup());

/** A session of one finished turn with a call, then the start of a second turn. */
function recordTwoTurns(): SessionRecorder {
  const r = SessionRecorder.create({env: state.env});
  r.user('find deploy notes');
  r.assistant([{type: 'tool_use', id: 'c1', name: 'mcp__notes__search', input: {query: 'deploy'}}]);
  r.call({id: 'c1', name: 'mcp__notes__search', server: 'notes', tool: 'search', arguments: {query: 'deploy'}, isError: false, protocolError: false, text: 'n1 Deploy', result: {type: 'tool_result', tool_use_id: 'c1', content: [{type: 'text', text: 'n1 Deploy'}]}});
  r.assistant([{type: 'text', text: 'Note n1.'}]);
  r.user('and tickets?');
  return r;
}

describe('loadSession on damaged files', () => {
  it('skips a half-written last line with a warning', () => {
    const r = recordTwoTurns();
    r.close();
    appendFileSync(r.path, '{"type":"assistant","at":"2026-11-30T04:12:3');
    const loaded = loadSession(r.id, state.env);
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.warnings[0]).toMatch(/^line 7: the last line was only half written/);
    expect(loaded.turns).toBe(2);
    expect(loaded.history.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expectValidForApi(loaded.history);
  });

  it('names a corrupt line in the middle and keeps the rest', () => {
    const r = recordTwoTurns();
    r.close();
    const lines = readFileSync(r.path, 'utf8').split('\n');
    lines.splice(5, 0, 'this is \u0000 not json');
    writeFileSync(r.path, lines.join('\n'));
    const loaded = loadSession(r.id, state.env);
    expect(loaded.warnings).toEqual(['line 6: not a valid session record; skipped (the rest is kept)']);
    expect(loaded.turns).toBe(2);
    expectValidForApi(loaded.history);
  });

  it('closes a tool_use with no result (killed mid-call) as an error result', () => {
    const r = SessionRecorder.create({env: state.env});
    r.user('hang please');
    r.assistant([{type: 'text', text: 'Calling.'}, {type: 'tool_use', id: 'a', name: 'mcp__chaos__echo', input: {}}, {type: 'tool_use', id: 'b', name: 'mcp__chaos__hang', input: {}}]);
    r.call({id: 'a', name: 'mcp__chaos__echo', isError: false, text: 'hi', result: {type: 'tool_result', tool_use_id: 'a', content: [{type: 'text', text: 'hi'}]}});
    r.close();
    const loaded = loadSession(r.id, state.env);
    expect(loaded.warnings).toEqual([]);
    expectValidForApi(loaded.history);
    expect(loaded.history[2]).toEqual({
      role: 'user',
      content: [
        {type: 'tool_result', tool_use_id: 'a', content: [{type: 'text', text: 'hi'}]},
        {type: 'tool_result', tool_use_id: 'b', content: [{type: 'text', text: STOPPED_DURING_CALL}], is_error: true},
      ],
    });
  });

  it('drops a result whose call was lost, and rebuilds a result block from its text', () => {
    const r = recordTwoTurns();
    r.close();
    const lines = readFileSync(r.path, 'utf8').split('\n');
    const call = JSON.parse(lines[3]!);
    delete call.call.result;
    lines[3] = JSON.stringify(call);
    writeFileSync(r.path, lines.join('\n'));
    expect(loadSession(r.id, state.env).history[2]!.content).toEqual([{type: 'tool_result', tool_use_id: 'c1', content: [{type: 'text', text: 'n1 Deploy'}]}]);
    lines.splice(2, 1); // the assistant message that asked for c1
    writeFileSync(r.path, lines.join('\n'));
    const loaded = loadSession(r.id, state.env);
    expect(loaded.warnings).toEqual(['line 3: a tool result for c1 with no matching tool call before it; skipped']);
    expectValidForApi(loaded.history);
  });

  it('survives a lost header', () => {
    const r = recordTwoTurns();
    r.close();
    const lines = readFileSync(r.path, 'utf8').split('\n');
    lines[0] = '{"type":"sess';
    writeFileSync(r.path, lines.join('\n'));
    const loaded = loadSession(r.id.slice(0, 16), state.env); // a unique prefix works too
    expect(loaded.meta.id).toBe(r.id);
    expect(loaded.meta.startedAt).toBe(`${r.id.slice(0, 10)}T${r.id.slice(11, 19).replace(/-/g, ':')}.000Z`);
    expect(loaded.warnings[0]).toMatch(/header is missing/);
    expect(loaded.warnings[1]).toMatch(/^line 1: not a valid session record/);
    expect(loaded.turns).toBe(2);
  });

  it('refuses ids that are not ids, and unknown ones', () => {
    recordTwoTurns().close();
    expect(() => loadSession('../../etc/passwd', state.env)).toThrow(/is not a session id/);
    expect(() => loadSession('1999-01-01', state.env)).toThrow(/no saved session "1999-01-01"/);
  });
});

describe('session file permissions', () => {
  it('writes files 0600 in a 0700 directory, tightening a directory that was looser', () => {
    const dir = sessionsDir(state.env);
    mkdirSync(dir, {recursive: true, mode: 0o755});
    const r = recordTwoTurns();
    r.close();
    expect(statSync(r.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(r.path).toBe(join(state.env.XDG_STATE_HOME!, 'breakerbox', 'sessions', `${r.id}.jsonl`));
  });

  it('falls back to ~/.local/state without XDG_STATE_HOME', () => {
    const r = SessionRecorder.create({env: {HOME: state.dir}});
    r.user('x');
    r.close();
    expect(r.path.startsWith(join(state.dir, '.local', 'state', 'breakerbox', 'sessions'))).toBe(true);
  });

  it('keeps a big result once: the plain text beside the result block is only a preview', () => {
    const r = SessionRecorder.create({env: state.env});
    const big = 'x'.repeat(200_000);
    r.user('big');
    r.assistant([{type: 'tool_use', id: 'b', name: 'mcp__chaos__big', input: {}}]);
    r.call({id: 'b', name: 'mcp__chaos__big', isError: false, text: big, result: {type: 'tool_result', tool_use_id: 'b', content: [{type: 'text', text: big.slice(0, 100_000)}]}});
    r.close();
    expect(statSync(r.path).size).toBeLessThan(110_000);
    expect(loadSession(r.id, state.env).history[2]!.content[0]).toMatchObject({tool_use_id: 'b', content: [{text: big.slice(0, 100_000)}]});
  });

  it('a failing disk is reported once and never thrown into the turn', () => {
    writeFileSync(join(state.dir, 'state'), 'a file where the directory should be');
    const errors: Error[] = [];
    const r = SessionRecorder.create({env: state.env, onError: (e) => errors.push(e)});
    expect(() => {
      r.user('x');
      r.assistant([{type: 'text', text: 'y'}]);
    }).not.toThrow();
    expect(errors).toHaveLength(1);
  });
});
