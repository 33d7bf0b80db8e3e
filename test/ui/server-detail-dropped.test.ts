// The server detail view lists a task-only tool apart from malformed ones:
// it is valid, breakerbox just does not run tasks (issue #14).
import {describe, expect, it} from 'vitest';
import type {ServerDetail} from '../../src/hub/inspect-types.js';
import {TASK_ONLY} from '../../src/session/list-tools.js';
import {serverDetailLines} from '../../src/ui/inspect/server-lines.js';
import {lineText} from '../../src/ui/line.js';

const detail: ServerDetail = {
  alias: 'everything',
  status: {alias: 'everything', state: 'online', trusted: false} as ServerDetail['status'],
  listing: [],
  droppedTools: [
    {tool: 'simulate-research-query', reason: TASK_ONLY, notCallable: true},
    {tool: 'broken', reason: 'inputSchema is not an object'},
  ],
  restarts: [],
  circuit: {state: 'closed', threshold: 3},
  logLevel: 'warning',
  resourceCount: 0,
  promptCount: 0,
  findings: [],
};

describe('server detail: tools not in the table', () => {
  it('lists task-only tools under "Not callable here", and only malformed ones as dropped', () => {
    const text = serverDetailLines(detail, 200).map(lineText).join('\n');
    const notCallable = text.indexOf('Not callable here: 1');
    const dropped = text.indexOf('Dropped tools: 1');
    expect(notCallable).toBeGreaterThan(-1);
    expect(dropped).toBeGreaterThan(notCallable);
    expect(text.slice(notCallable, dropped)).toContain(`simulate-research-query: ${TASK_ONLY}`);
    expect(text.slice(dropped)).toContain('broken: inputSchema is not an object');
    expect(text.slice(dropped)).not.toContain('simulate-research-query');
  });
});

describe('server detail: why it is offline', () => {
  it('says "needs login" for a server waiting for a login, where nothing failed', () => {
    const waiting = {...detail, status: {...detail.status, state: 'offline', phase: 'login', reason: 'log in with `breakerbox login everything`'}} as ServerDetail;
    const text = serverDetailLines(waiting, 200).map(lineText).join('\n');
    expect(text).toContain('needs login: log in with');
    expect(text).not.toContain('failed');
    const failed = {...detail, status: {...detail.status, state: 'offline', phase: 'handshake', reason: 'timed out'}} as ServerDetail;
    expect(serverDetailLines(failed, 200).map(lineText).join('\n')).toContain('handshake failed: timed out');
  });
});
