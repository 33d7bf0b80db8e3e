import type {Key} from 'ink';
import {describe, expect, it} from 'vitest';
import {routeKey} from '../../src/ui/keys/key-table.js';
import {parseSlash} from '../../src/ui/keys/slash.js';
import {computeLayout} from '../../src/ui/layout.js';
import {cellWidth, fitCells} from '../../src/ui/text/cells.js';
import {EMPTY_EDITOR, editLine, type EditorState} from '../../src/ui/text/line-editor.js';
import {wrapCells} from '../../src/ui/text/wrap.js';

const NO_KEY: Key = {upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false};
const key = (k: Partial<Key> = {}): Key => ({...NO_KEY, ...k});

describe('layout', () => {
  it('puts the panes side by side from 100 columns and stacks them below', () => {
    const wide = computeLayout({columns: 140, rows: 40, traceVisible: false, serverCount: 2, dialogRows: 0});
    expect(wide.stacked).toBe(false);
    expect(wide.conversation.width + wide.catalog.width).toBe(140);
    expect(wide.catalog.height + wide.servers.height).toBe(wide.conversation.height);
    const narrow = computeLayout({columns: 80, rows: 40, traceVisible: true, serverCount: 2, dialogRows: 9});
    expect(narrow.stacked).toBe(true);
    const used = narrow.conversation.height + narrow.catalog.height + narrow.servers.height + narrow.trace.height + narrow.dialog + 3;
    expect(used).toBeLessThanOrEqual(39);
  });

  it('never asks for more rows than the terminal has, however small', () => {
    for (const rows of [6, 10, 16, 24, 40]) {
      for (const columns of [40, 80, 100, 200]) {
        for (const traceVisible of [false, true]) {
          const l = computeLayout({columns, rows, traceVisible, serverCount: 12, dialogRows: 9});
          const main = l.stacked ? l.conversation.height + l.catalog.height + l.servers.height : l.conversation.height;
          expect(main + l.trace.height + l.dialog + 3).toBeLessThanOrEqual(rows - 1);
        }
      }
    }
  });
});

describe('line editor', () => {
  const type = (text: string, st: EditorState = EMPTY_EDITOR) => [...text].reduce((s, ch) => editLine(s, ch, key()).state, st);

  it('inserts, moves, deletes and submits', () => {
    let s = type('helo');
    s = editLine(s, '', key({leftArrow: true})).state;
    s = editLine(s, 'l', key()).state;
    expect(s).toEqual({value: 'hello', cursor: 4});
    s = editLine(s, '', key({delete: true})).state;
    expect(s.value).toBe('helo');
    expect(editLine(s, '\r', key({return: true})).submit).toBe(true);
    expect(editLine(type('one two'), 'w', key({ctrl: true})).state.value).toBe('one ');
  });

  it('turns a paste into one line without controls; a chunk ending in Enter submits', () => {
    expect(editLine(EMPTY_EDITOR, 'a\nb\u001b[2Jc', key()).state.value).toBe('a bc');
    const r = editLine(EMPTY_EDITOR, 'typed ahead\r', key());
    expect(r).toEqual({state: {value: 'typed ahead', cursor: 11}, submit: true});
  });
});

describe('slash commands', () => {
  const aliases = ['notes', 'tickets'];
  it('parses each command', () => {
    expect(parseSlash('/tools notes', aliases)).toEqual({kind: 'tools', filter: 'notes'});
    expect(parseSlash('/trace tickets', aliases)).toEqual({kind: 'trace', alias: 'tickets'});
    expect(parseSlash('/trace', aliases)).toEqual({kind: 'trace'});
    expect(parseSlash('/reconnect notes', aliases)).toEqual({kind: 'reconnect', alias: 'notes'});
    expect(parseSlash('/QUIT', aliases)).toEqual({kind: 'quit'});
  });
  it('explains mistakes', () => {
    expect(parseSlash('/frob', aliases)).toMatchObject({kind: 'invalid', message: expect.stringContaining('/help /tools /servers /trace /reconnect /login /logout /trust /tool /call /server /relist /logs /loglevel /resources /clear /quit')});
    expect(parseSlash('/reconnect', aliases)).toMatchObject({kind: 'invalid', message: expect.stringContaining('notes, tickets')});
    expect(parseSlash('/trace nope', aliases)).toMatchObject({kind: 'invalid'});
    expect(parseSlash('/trust', aliases)).toMatchObject({kind: 'invalid', message: expect.stringContaining('usage: /trust <tool>')});
    expect(parseSlash('/trust mcp__notes__add', aliases)).toEqual({kind: 'trust', tool: 'mcp__notes__add'});
  });
});

describe('key router', () => {
  it('gives the approval dialog priority, and lets Ctrl-C through every layer', () => {
    expect(routeKey({focus: 'input', modal: 'dialog'}, 'y', key())?.id).toBe('approve-once');
    expect(routeKey({focus: 'input', modal: 'dialog'}, '', key({tab: true}))).toBeUndefined();
    expect(routeKey({focus: 'input', modal: 'dialog'}, 'c', key({ctrl: true}))?.id).toBe('interrupt');
    expect(routeKey({focus: 'input', modal: null}, 'y', key())?.id).toBe('edit');
    expect(routeKey({focus: 'input', modal: null}, '', key({tab: true, shift: true}))?.id).toBe('focus-prev');
    expect(routeKey({focus: 'catalog', modal: null}, '', key({pageDown: true}))?.id).toBe('page-down');
    expect(routeKey({focus: 'catalog', modal: null}, 'x', key())?.id).toBe('type-into-input');
    expect(routeKey({focus: 'input', modal: 'help'}, 'x', key())).toBeUndefined();
  });

  it('a server request’s layer takes every key but Ctrl-C', () => {
    const form = (input: string, k: Partial<Key> = {}) => routeKey({focus: 'catalog', modal: 'form'}, input, key(k))?.id;
    expect(form('s', {ctrl: true})).toBe('form-accept');
    expect(form('d', {ctrl: true})).toBe('form-decline');
    expect(form('', {escape: true, meta: true})).toBe('form-cancel');
    expect(form('', {return: true})).toBe('form-enter');
    expect(form('', {tab: true})).toBe('form-next');
    expect(form('', {downArrow: true})).toBe('form-next');
    expect(form('', {tab: true, shift: true})).toBe('form-prev');
    expect(form('', {upArrow: true})).toBe('form-prev');
    // Letters, Space, ←→ and PgUp all go to the field, never to the panes or the input line.
    for (const [i, k] of [['y', {}], [' ', {}], ['', {leftArrow: true}], ['', {pageUp: true}], ['u', {ctrl: true}]] as const) expect(form(i, k)).toBe('form-edit');
    expect(form('c', {ctrl: true})).toBe('interrupt');
    const url = (input: string, k: Partial<Key> = {}) => routeKey({focus: 'input', modal: 'url'}, input, key(k))?.id;
    expect([url('o'), url('', {return: true}), url('d'), url('', {escape: true}), url('y'), url('c', {ctrl: true})]).toEqual(['url-open', 'url-open', 'url-decline', 'url-cancel', undefined, 'interrupt']);
    const sampling = (input: string, k: Partial<Key> = {}) => routeKey({focus: 'input', modal: 'sampling'}, input, key(k))?.id;
    expect([sampling('y'), sampling('N'), sampling('', {escape: true}), sampling('o'), sampling('', {return: true})]).toEqual(['sampling-allow', 'sampling-deny', 'sampling-cancel', undefined, undefined]);
    // The approval layer is another layer: its y is not the form's.
    expect(routeKey({focus: 'input', modal: 'dialog'}, 's', key({ctrl: true}))).toBeUndefined();
  });
});

describe('cells', () => {
  it('counts wide characters as two cells and cuts with an ellipsis', () => {
    expect(cellWidth('ab漢字')).toBe(6);
    expect(fitCells('abcdef', 4)).toBe('abc…');
    expect(cellWidth(fitCells('漢字漢字', 5))).toBeLessThanOrEqual(5);
    expect(wrapCells('the quick brown fox', 9)).toEqual(['the quick', 'brown fox']);
    expect(wrapCells('x'.repeat(10), 4)).toEqual(['xxxx', 'xxxx', 'xx']);
  });
});

describe('/servers lists the log files', () => {
  it('names the directory once and each file', async () => {
    const {logFiles} = await import('../../src/ui/app/run-slash.js');
    expect(logFiles({order: ['notes', 'tickets'], byAlias: {notes: {logFile: '/s/logs/notes.log'}, tickets: {logFile: '/s/logs/tickets.log'}}})).toBe('stderr logs: /s/logs/ notes.log, tickets.log');
    expect(logFiles({order: ['a'], byAlias: {a: {}}})).toBeUndefined();
  });
});
