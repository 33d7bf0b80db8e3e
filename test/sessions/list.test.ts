import {utimesSync} from 'node:fs';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {formatSessions, runSessions} from '../../src/cli/sessions.js';
import {listSessions, loadSession, SessionRecorder} from '../../src/sessions/index.js';
import {tempState} from './helpers.js';

let state: ReturnType<typeof tempState>;
beforeEach(() => (state = tempState()));
afterEach(() => state.cleanup());

function capture() {
  let text = '';
  return {out: {write: (s: string) => ((text += s), true)} as unknown as NodeJS.WritableStream, text: () => text};
}

function session(at: string, questions: string[], touched: number): SessionRecorder {
  const r = SessionRecorder.create({env: state.env, now: () => new Date(at)});
  for (const q of questions) {
    r.user(q);
    r.assistant([{type: 'text', text: `answer to ${q}`}]);
  }
  r.close();
  utimesSync(r.path, touched, touched);
  return r;
}

describe('listSessions and --sessions', () => {
  it('says so when there are none', () => {
    expect(listSessions(state.env)).toEqual([]);
    const c = capture();
    expect(runSessions({env: state.env, out: c.out})).toBe(0);
    expect(c.text()).toMatch(/^no saved sessions yet/);
  });

  it('lists id, start time, first question and turns, most recently active first', () => {
    const old = session('2026-11-01T10:00:00Z', ['what is deployed?', 'and rolled back?'], 1_000);
    const recent = session('2026-11-02T10:00:00Z', ['\u001b[2Jhostile question'], 3_000);
    const middle = session('2026-11-03T10:00:00Z', ['third'], 2_000);
    const list = listSessions(state.env);
    expect(list.map((s) => s.id)).toEqual([recent.id, middle.id, old.id]);
    expect(list[2]).toMatchObject({firstQuestion: 'what is deployed?', turns: 2, startedAt: '2026-11-01T10:00:00.000Z'});
    expect(loadSession('latest', state.env).meta.id).toBe(recent.id);

    const c = capture();
    runSessions({env: state.env, out: c.out, columns: 80});
    const lines = c.text().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STARTED\s+TURNS\s+FIRST QUESTION$/);
    expect(lines[1]).toContain(recent.id);
    expect(lines[1]).toContain('hostile question');
    expect(c.text()).not.toContain('\u001b');
    expect(lines[3]).toMatch(new RegExp(`^${old.id}\\s+\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\s+2  what is deployed\\?$`));

    const json = capture();
    runSessions({env: state.env, out: json.out, json: true});
    expect(JSON.parse(json.text())[2]).toEqual({id: old.id, startedAt: '2026-11-01T10:00:00.000Z', turns: 2, firstQuestion: 'what is deployed?'});
  });

  it('cuts a long question to the terminal width', () => {
    const table = formatSessions([{id: '2026-11-01T10-00-00-abcd', path: '', startedAt: '2026-11-01T10:00:00Z', turns: 1, firstQuestion: 'x'.repeat(500)}], 80);
    expect(table.split('\n')[1]!.length).toBeLessThanOrEqual(80);
    expect(table.endsWith('…')).toBe(true);
  });
});
