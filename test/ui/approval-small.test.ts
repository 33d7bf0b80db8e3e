import {describe, expect, it} from 'vitest';
import {lineText} from '../../src/ui/line.js';
import {approvalLines} from '../../src/ui/panes/approval-lines.js';
import {base, entry, requested, run} from './fixtures.js';

// At 40×12 the dialog has three rows: the layout used to squeeze out the tool's name,
// its arguments and the destructive warning, leaving "[y] allow once" under a claim line.
describe('the approval dialog with fewer rows than lines', () => {
  let s = run(base({servers: [{alias: 'tickets'}]}), {type: 'user/submitted', text: 'go'});
  s = requested(s, 'c1', 'tickets', 'close_ticket', {id: 'T-102'});
  s = run(s, {type: 'call/approval-asked', callId: 'c1', trusted: false});
  const found = s.conversation.items.find((i) => i.kind === 'tool-call')! as Parameters<typeof approvalLines>[0];
  const card = {...found, annotations: {destructiveHint: true, readOnlyHint: false, idempotentHint: true}};
  const e = entry('tickets', 'close_ticket', {title: 'Close a ticket'});
  const lines = (rows: number) => approvalLines(card, e, 1, 76, rows).map(lineText);

  it('keeps which tool, the destructive claim and the keys at three rows; the arguments next', () => {
    expect(lines(3)).toEqual([
      'mcp__tickets__close_ticket → tickets / close_ticket',
      ' ⚠ DESTRUCTIVE  the server claims this tool may destroy or overwrite data',
      expect.stringMatching(/^\[y\] allow once {3}\[a\] always allow this tool {3}\[n\] deny/),
    ]);
    expect(lines(4)[1]).toBe('arguments {"id":"T-102"}');
  });

  it('keeps every line, in order, when they fit', () => {
    const all = lines(Infinity);
    expect(lines(all.length)).toEqual(all);
    expect(lines(all.length - 1)).toEqual(all.filter((l) => l !== ''));
  });
});
