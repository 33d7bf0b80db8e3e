import {cleanup, render} from 'ink-testing-library';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {CatalogPane} from '../../src/ui/panes/catalog-pane.js';
import {ConversationPane} from '../../src/ui/panes/conversation-pane.js';
import {ServersPane} from '../../src/ui/panes/servers-pane.js';
import {TracePane} from '../../src/ui/panes/trace-pane.js';
import {ApprovalDialog} from '../../src/ui/panes/approval-dialog.js';
import {InputDialog} from '../../src/ui/panes/input-dialog.js';
import {createTheme} from '../../src/ui/theme.js';
import type {InputRequestView} from '../../src/state/app-state.js';
import {base, catalog, entry, requested, run} from './fixtures.js';

// Real colour codes in the frames (before Ink and chalk load), so the test
// proves our own styling survives while the server's escapes do not.
vi.hoisted(() => {
  process.env.FORCE_COLOR = '1';
});
afterEach(cleanup);

const CLEAR = '\u001b[2J';
const OSC52 = '\u001b]52;c;aGVsbG8=\u0007';
const BEL = '\u0007';
const NASTY = `evil${CLEAR}${OSC52}${BEL}\u001b[31mred\u001b[0m\u009b2J\u202eoverride\u2066`;

/** Everything a server controls, each carrying escape sequences. */
function hostileState() {
  const e = entry('chaos', `tool${NASTY}`, {
    name: 'mcp__chaos__tool_3b2f1a',
    mangling: 'hashed',
    title: `Title ${NASTY}`,
    description: `[chaos] ${NASTY}`,
    originalDescription: NASTY,
    annotations: {title: NASTY, destructiveHint: true},
  });
  let s = run(
    base({servers: [{alias: 'chaos'}]}),
    {type: 'catalog/rebuilt', catalog: catalog([e])},
    {type: 'server/online', alias: 'chaos', serverName: `srv${NASTY}`, protocolVersion: `v${NASTY}`, era: 'legacy', toolCount: 1, pages: 1, discoveryMs: 1},
    {type: 'trace/recorded', alias: 'chaos', entry: {at: 0, direction: 'in', kind: 'stderr', summary: `stderr ${NASTY}`}},
    {type: 'trace/recorded', alias: 'chaos', entry: {at: 0, direction: 'in', kind: 'noise', summary: `noise ${NASTY}`}},
    {type: 'user/submitted', text: 'go'},
  );
  s = requested(s, 'c1', 'chaos', `tool${NASTY}`, {text: NASTY});
  s = run(s, {type: 'call/approval-asked', callId: 'c1', trusted: false, annotations: e.annotations});
  const card = s.conversation.items.find((i) => i.kind === 'tool-call')!;
  s = run(s, {type: 'call/approved', callId: 'c1', always: false}, {type: 'call/started', callId: 'c1', at: 0}, {type: 'call/progress', callId: 'c1', progress: 1, message: NASTY});
  const running = s;
  s = run(s, {type: 'call/completed', callId: 'c1', result: {isError: true, protocolError: {code: -1, message: NASTY}, durationMs: 1, text: `result ${NASTY}`}});
  return {s, running, e, card: card as Extract<typeof card, {kind: 'tool-call'}>};
}

function frames(colour: boolean): string[] {
  const theme = createTheme(!colour);
  const {s, running, e, card} = hostileState();
  const props = {width: 100, height: 16, focused: false, theme};
  return [
    render(<CatalogPane catalog={s.catalog} filter="" scroll={s.ui.scroll.catalog} starting={false} {...props} />).lastFrame()!,
    render(<ServersPane servers={s.servers} scroll={s.ui.scroll.servers} {...props} />).lastFrame()!,
    render(<TracePane alias="chaos" ring={s.traces.chaos} scroll={s.ui.scroll.trace} {...props} />).lastFrame()!,
    render(<ConversationPane items={s.conversation.items} scroll={s.ui.scroll.conversation} step="" now={0} {...props} />).lastFrame()!,
    render(<ConversationPane items={running.conversation.items} scroll={s.ui.scroll.conversation} step="" now={0} {...props} />).lastFrame()!,
    render(<ApprovalDialog card={card} entry={e} waiting={1} width={100} height={10} theme={theme} />).lastFrame()!,
    ...inputDialogs().map((r) => render(<InputDialog request={r} waiting={1} width={100} height={20} theme={theme} />).lastFrame()!),
  ];
}

/** A form, a link and a sampling request with escapes in every server-controlled string (raw, as if the controller had not stripped them). */
function inputDialogs(): InputRequestView[] {
  const schema = {
    type: 'object',
    properties: {
      [`key${NASTY}`]: {type: 'string', title: `Title ${NASTY}`, description: `Description ${NASTY}`, default: `default ${NASTY}`},
      pick: {type: 'string', enum: ['a'], enumNames: [`choice ${NASTY}`], default: 'a'},
      many: {type: 'array', items: {anyOf: [{const: 'x', title: `fish ${NASTY}`}]}},
      odd: {type: `type${NASTY}`},
    },
    required: ['pick'],
  };
  const common = {alias: `chaos${NASTY}`, tool: `tool${NASTY}`, message: `message ${NASTY}`};
  return [
    {...common, requestId: 'f', kind: 'elicitation', schema},
    {...common, requestId: 'u', kind: 'elicitation', url: `https://evil.example/${NASTY}`},
    {...common, requestId: 's', kind: 'sampling'},
  ];
}

const SGR = /\u001b\[[\d;]*m/g;
const COLOUR_SGR = /\u001b\[(?:[\d;]*;)?(?:3[0-9]|9[0-7]|4[0-9]|10[0-7])(?:;[\d;]*)?m/;

describe('text from servers is inert', () => {
  it('with colours, only our own SGR styling remains: no clear, no OSC 52, no bell', () => {
    for (const frame of frames(true)) {
      // The server's own colour codes are gone too: the words meet.
      expect(frame).toContain('evilred');
      expect(frame).toMatch(COLOUR_SGR);
      expect(frame).not.toContain(CLEAR);
      expect(frame).not.toContain('\u001b]');
      expect(frame).not.toContain(BEL);
      expect(frame).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      expect(frame.replace(SGR, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
  });

  it('under NO_COLOR, frames carry no colour at all, and still no control from the server', () => {
    for (const frame of frames(false)) {
      // The server's own colour codes are gone too: the words meet.
      expect(frame).toContain('evilred');
      expect(frame).not.toMatch(COLOUR_SGR);
      expect(frame.replace(SGR, '')).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    }
  });
});
