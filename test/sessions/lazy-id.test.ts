// A new session's id is drawn when something first needs it, not when the
// recorder is made: at a TUI start the recorder is made before the servers
// are online, and the id's random part (node:crypto's generator) and the
// check that its file is free are not needed until the app is drawn.
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it, vi} from 'vitest';

const drawn = vi.hoisted(() => ({count: 0}));
vi.mock('../../src/sessions/session-id.js', async (original) => {
  const real = await original<typeof import('../../src/sessions/session-id.js')>();
  return {
    ...real,
    newSessionId: (now?: Date) => {
      drawn.count++;
      return real.newSessionId(now);
    },
  };
});

const {SessionRecorder} = await import('../../src/sessions/recorder.js');
const {SESSION_ID_RE} = await import('../../src/sessions/session-id.js');

describe('a new session id', () => {
  it('is drawn at its first use, once, from the time the recorder was made', () => {
    const env = {XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-lazy-id-'))};
    let clock = Date.parse('2026-12-01T22:30:05Z');
    const recorder = SessionRecorder.create({env, now: () => new Date((clock += 60_000))});
    expect(drawn.count).toBe(0);
    const id = recorder.id;
    expect(drawn.count).toBe(1);
    expect(id).toMatch(SESSION_ID_RE);
    // The minute the recorder was made, not the later one of its first use.
    expect(id.startsWith('2026-12-01T22-31-05-')).toBe(true);
    expect(recorder.id).toBe(id);
    expect(recorder.path).toBe(join(env.XDG_STATE_HOME, 'breakerbox', 'sessions', `${id}.jsonl`));
    expect(drawn.count).toBe(1);
  });
});
