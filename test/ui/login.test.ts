import type {Key} from 'ink';
import {describe, expect, it} from 'vitest';
import {newServerView, type InputRequestView} from '../../src/state/app-state.js';
import {routeKey} from '../../src/ui/keys/key-table.js';
import {parseSlash} from '../../src/ui/keys/slash.js';
import {lineText} from '../../src/ui/line.js';
import {loginLines} from '../../src/ui/panes/input-lines.js';
import {serverLines} from '../../src/ui/panes/server-rows.js';

const key = (k: Partial<Key> = {}): Key => ({upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...k}) as Key;
const URL_ = 'https://auth.example.com/authorize?client_id=abc&state=xyz';

describe('/login and /logout', () => {
  it('parse with a configured alias, and explain what is missing', () => {
    expect(parseSlash('/login notes', ['notes'])).toEqual({kind: 'login', alias: 'notes'});
    expect(parseSlash('/logout notes', ['notes'])).toEqual({kind: 'logout', alias: 'notes'});
    expect(parseSlash('/login', ['notes'])).toEqual({kind: 'invalid', message: 'usage: /login <alias> (one of: notes)'});
    expect(parseSlash('/logout other', ['notes'])).toMatchObject({kind: 'invalid', message: expect.stringContaining('no server called “other”')});
  });
});

describe('the login dialog', () => {
  const request: InputRequestView = {requestId: 'input-1', alias: 'notes', kind: 'login', message: 'login at https://auth.example.com.', url: URL_};

  it('shows the page in full and its keys', () => {
    const text = loginLines(request, 60, 1).map(lineText).join('\n');
    expect(text).toContain('login at https://auth.example.com.');
    expect(text.replace(/\s+/g, '')).toContain(URL_.replace(/\s+/g, ''));
    expect(text).toMatch(/\[o \/ Enter\] open in my browser/);
    expect(text).toMatch(/\[Esc\] cancel the login/);
  });

  it('routes o and Enter to open, a pasted address (one chunk) to paste, Esc to cancel; other typing does nothing', () => {
    const login = (input: string, k: Partial<Key> = {}) => routeKey({focus: 'input', modal: 'login'}, input, key(k))?.id;
    expect(login('o')).toBe('login-open');
    expect(login('', {return: true})).toBe('login-open');
    expect(login('http://127.0.0.1:4567/callback?code=abc&state=def')).toBe('login-paste');
    expect(login('', {escape: true})).toBe('login-cancel');
    expect(login('x')).toBeUndefined();
  });
});

describe('a server that needs login in the Servers pane', () => {
  it('says so, with the command to type', () => {
    const view = {...newServerView('tracker'), state: 'offline' as const, phase: 'login' as const, reason: 'log in with /login tracker or `breakerbox login tracker`'};
    const text = serverLines(view, 80, 8).map(lineText).join('\n');
    expect(text).toMatch(/needs login \(phase: login\)/);
    expect(text).toContain('/login tracker');
  });
});
