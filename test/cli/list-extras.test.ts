import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {listResourcesText} from '../../src/cli/list-extras.js';
import {base} from '../ui/fixtures.js';

const state = () => ({XDG_STATE_HOME: tempDir('bb-state-')});

describe('breakerbox --list-resources and --list-prompts', () => {
  it('--list-resources --json: every server, its resources across pages, templates', async () => {
    const r = await runCli(['--list-resources', '--json'], {env: state()});
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.servers).toEqual([
      {alias: 'notes', state: 'online', offers: true, reason: null},
      {alias: 'tickets', state: 'online', offers: false, reason: null},
    ]);
    expect(out.resources).toHaveLength(9);
    expect(out.resources[1]).toMatchObject({server: 'notes', uri: 'notes://n2', name: 'n2', title: 'MCP pagination notes', mimeType: 'text/markdown'});
    expect(out.templates).toEqual([expect.objectContaining({server: 'notes', uriTemplate: 'notes://{id}'})]);
  });

  it('--list-prompts: slash command names with their arguments, for people and as JSON', async () => {
    const text = await runCli(['--list-prompts'], {env: state()});
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/\/mcp__notes__summarize_note\s+→ notes \/ summarize_note {2}“Summarise a note” {2}\(id\*, style\)/);
    expect(text.stdout).toMatch(/tickets\s+no prompts capability/);
    const json = JSON.parse((await runCli(['--list-prompts', '--json'], {env: state()})).stdout);
    expect(json.prompts).toEqual([
      {name: 'mcp__notes__summarize_note', server: 'notes', prompt: 'summarize_note', title: 'Summarise a note', description: expect.any(String), arguments: [expect.objectContaining({name: 'id', required: true}), expect.objectContaining({name: 'style', required: false})]},
    ]);
  });

  it('--list-prompts and --list-tools cannot be combined', async () => {
    const r = await runCli(['--list-prompts', '--list-tools'], {env: state()});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot be used together');
  });
});

describe('--list-resources for a person', () => {
  it('writes invisible characters in a resource as ⟨U+XXXX⟩, so a reader sees what a model reads', () => {
    const s = base();
    const state = {...s, inspect: {...s.inspect, resources: {notes: {alias: 'notes', resources: [{uri: 'notes://a\u200bb', name: 'pay\u{E0041}', title: 'T\u202Eitle'}], templates: [], dropped: []}}}};
    const text = listResourcesText(state);
    expect(text).toContain('notes://a⟨U+200B⟩b  pay⟨U+E0041⟩  “T⟨U+202E⟩itle”');
    expect(text).not.toMatch(/[\u200b\u202e]/u);
  });
});
