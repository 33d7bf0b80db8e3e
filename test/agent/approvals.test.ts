import {describe, expect, it} from 'vitest';
import {decideApproval, globMatch, nonInteractiveDenial, type ApprovalRules} from '../../src/agent/approvals.js';
import type {CatalogEntry} from '../../src/hub/types.js';

const entry = (over: Partial<CatalogEntry> = {}): CatalogEntry => ({
  name: 'mcp__tickets__close_ticket',
  alias: 'tickets',
  tool: 'close_ticket',
  description: '[from tickets] Close a ticket',
  inputSchema: {type: 'object'},
  trusted: false,
  mangling: 'none',
  ...over,
});
const rules = (over: Partial<ApprovalRules> = {}): ApprovalRules => ({yes: false, allow: [], autoApprove: {}, ...over});
const none = new Set<string>();

describe('approval policy', () => {
  it('asks by default', () => expect(decideApproval(entry(), rules(), none).auto).toBe(false));
  it('--yes runs everything', () => expect(decideApproval(entry(), rules({yes: true}), none)).toEqual({auto: true, why: '--yes'}));
  it('--allow takes exact names and globs', () => {
    expect(decideApproval(entry(), rules({allow: ['mcp__tickets__close_ticket']}), none).auto).toBe(true);
    expect(decideApproval(entry(), rules({allow: ['mcp__tickets__*']}), none).auto).toBe(true);
    expect(decideApproval(entry(), rules({allow: ['mcp__notes__*']}), none).auto).toBe(false);
    expect(globMatch('mcp__a.b__*', 'mcp__aXb__x')).toBe(false);
  });
  it("a server's autoApprove lists original names", () => {
    expect(decideApproval(entry(), rules({autoApprove: {tickets: ['close_ticket']}}), none).auto).toBe(true);
    expect(decideApproval(entry(), rules({autoApprove: {notes: ['close_ticket']}}), none).auto).toBe(false);
  });
  it('"always allow" for the session', () => expect(decideApproval(entry(), rules(), new Set(['mcp__tickets__close_ticket'])).auto).toBe(true));
  it('readOnlyHint approves only on a trusted server', () => {
    const ro = {annotations: {readOnlyHint: true}};
    expect(decideApproval(entry({...ro, trusted: false}), rules(), none).auto).toBe(false);
    expect(decideApproval(entry({...ro, trusted: true}), rules(), none).auto).toBe(true);
    expect(decideApproval(entry({annotations: {readOnlyHint: false}, trusted: true}), rules(), none).auto).toBe(false);
  });
  it('the non-interactive denial names every way to allow the call', () => {
    const text = nonInteractiveDenial(entry());
    expect(text).toContain('--yes');
    expect(text).toContain('--allow mcp__tickets__close_ticket');
    expect(text).toContain(`'mcp__tickets__*'`);
    expect(text).toContain('"close_ticket" to "autoApprove" of the server "tickets"');
  });
});
