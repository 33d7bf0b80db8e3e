// Issue #12, round two, end to end through the real CLI: a turn whose tools
// return every hostile result still ends with the model's answer; every
// tool_use has its tool_result in the saved session; the session and the
// --debug trace stay small and valid JSON; --print says what was wrong.
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {tempDir} from '../helpers/hub.js';
import {serverPath} from '../helpers/servers.js';
import {killTagged, newTag} from './helpers.js';

const tags: string[] = [];
afterEach(() => {
  for (const t of tags.splice(0)) killTagged(t);
});

const HOSTILE = ['null_block', 'string_content', 'unknown_block', 'text_not_string', 'bad_base64', 'odd_image', 'big_image', 'deep_structured', 'redos'];

describe('a turn whose tools all return hostile results', () => {
  it('ends with the answer; the session holds a tool_result per tool_use and no 20 MB image; the trace keeps the deep message as a marker', async () => {
    const tag = newTag('turn');
    tags.push(tag);
    const dir = tempDir('bb-turn-');
    const state = tempDir('bb-state-');
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {x: {command: process.execPath, args: [serverPath('chaos.mjs'), '--tag', tag], env: {CHAOS_MODE: 'hostile_results'}}}}));
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({steps: [{tools: HOSTILE.map((t) => ({tool: `mcp__x__${t}`, input: {}}))}, {text: 'survived'}]}));
    const r = await runCli(['--print', 'go', '--json', '--yes', '--debug', '--script', script, '--config', config], {env: {XDG_STATE_HOME: state}, timeoutMs: 90_000});
    expect(r.stderr).not.toMatch(/RangeError|Maximum call stack|\n\s+at /);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {answer: string; stopReason: string; calls: Array<{tool: string; isError: boolean; text: string}>};
    expect(out).toMatchObject({answer: 'survived', stopReason: 'end_turn'});
    expect(out.calls.map((c) => c.tool)).toEqual(HOSTILE);
    const text = (tool: string) => out.calls.find((c) => c.tool === tool)!.text;
    expect(text('null_block')).toMatch(/content\[1\] is null, not a content block/);
    expect(text('bad_base64')).toMatch(/not valid base64/);
    expect(text('odd_image')).toMatch(/"image\/tiff", which the model API does not accept/);
    expect(text('big_image')).toMatch(/20\.0 MB: left out/);
    expect(text('deep_structured')).toMatch(/nested more than 128 levels deep and was dropped/);
    expect(out.calls.find((c) => c.tool === 'redos')!.isError).toBe(true);

    const sessions = join(state, 'breakerbox', 'sessions');
    const [file] = readdirSync(sessions);
    expect(statSync(join(sessions, file!)).size).toBeLessThan(200_000);
    const records = readFileSync(join(sessions, file!), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as {type: string; content?: Array<{type: string; id?: string}>; call?: {id: string; result?: {tool_use_id: string}}});
    const uses = records.filter((x) => x.type === 'assistant').flatMap((x) => x.content!.filter((b) => b.type === 'tool_use').map((b) => b.id));
    const results = records.filter((x) => x.type === 'call').map((x) => x.call!.result!.tool_use_id);
    expect(uses).toHaveLength(HOSTILE.length);
    expect(results.sort()).toEqual([...uses].sort());

    const logs = join(state, 'breakerbox', 'logs');
    const trace = readdirSync(logs).find((f) => f.startsWith('trace-'))!;
    const lines = readFileSync(join(logs, trace), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as {dir: string; message: {depth?: string; truncated?: boolean}});
    expect(lines.some((l) => l.dir === 'in' && l.message.truncated && l.message.depth === 'nested more than 128 levels deep')).toBe(true);
  }, 120_000);

  it('--print (text) names the true reason on the call line', async () => {
    const tag = newTag('turn-text');
    tags.push(tag);
    const dir = tempDir('bb-turn-');
    const config = join(dir, 'mcp.config.json');
    writeFileSync(config, JSON.stringify({mcpServers: {x: {command: process.execPath, args: [serverPath('chaos.mjs'), '--tag', tag], env: {CHAOS_MODE: 'hostile_results'}}}}));
    const script = join(dir, 'script.json');
    writeFileSync(script, JSON.stringify({steps: [{tool: 'mcp__x__odd_image', input: {}}, {text: 'done'}]}));
    const r = await runCli(['--print', 'go', '--yes', '--script', script, '--config', config], {env: {XDG_STATE_HOME: tempDir('bb-state-')}, timeoutMs: 60_000});
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/mcp__x__odd_image → x\/odd_image: ok \(\d+ ms\); ⚠ content\[0\] is an image of type "image\/tiff", which the model API does not accept/);
  }, 90_000);
});
