#!/usr/bin/env node
// The conformance suite's client under test: `node test/conformance/client.mjs <url>`.
//
// The suite starts a test server for one scenario, runs this with the
// server's URL as the last argument and the scenario in
// MCP_CONFORMANCE_SCENARIO (data it wants used in MCP_CONFORMANCE_CONTEXT).
// This drives breakerbox exactly as a user would: a config file with the URL,
// `--list-tools --json` to see what the server offers, then one `--print`
// turn with a scripted model that calls the tools the scenario offers (with
// the arguments the scenario asks for, else arguments built from each tool's
// schema) and `--yes`, which accepts server forms whose fields all have
// defaults. Nothing in breakerbox knows it is being tested.
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(ROOT, 'bin', 'breakerbox.cjs');
const url = process.argv.at(-1);
if (!url || !/^https?:/.test(url)) {
  process.stderr.write('usage: client.mjs <server-url>\n');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT || '{}');
const work = mkdtempSync(join(tmpdir(), 'bb-conformance-'));
// Logins go through the standard BROWSER variable, as a user's would; this
// "browser" follows the authorization server's redirects to breakerbox's loopback.
const env = {...process.env, XDG_STATE_HOME: join(work, 'state'), ANTHROPIC_API_KEY: '', BROWSER: `${process.execPath} ${join(ROOT, 'test/conformance/browser.mjs')}`};
// The client identity a user would configure: the suite's Client ID Metadata
// Document URL, and a pre-registered client when the scenario hands one out.
const oauth = {
  clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  ...(context.client_id ? {clientId: context.client_id} : {}),
  ...(context.client_secret ? {clientSecret: context.client_secret} : {}),
};
const config = join(work, 'mcp.config.json');
writeFileSync(config, JSON.stringify({mcpServers: {conformance: {type: 'http', url, oauth, startupTimeoutMs: 120_000, callTimeoutMs: 120_000}}}, null, 2));

// The suite starts every scenario at once; on a small machine dozens of CLI
// processes starting together all run slowly enough to hit timeouts. A few
// slots (lock files shared by the concurrent adapters) keep them moving.
const SLOTS = join(tmpdir(), 'bb-conformance-slots');
const SLOT_COUNT = Number(process.env.BB_CONFORMANCE_SLOTS) || 3;
let slot;
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};
function takeSlot() {
  mkdirSync(SLOTS, {recursive: true});
  for (;;) {
    for (let i = 0; i < SLOT_COUNT; i++) {
      const path = join(SLOTS, `slot-${i}`);
      try {
        writeFileSync(path, String(process.pid), {flag: 'wx'});
        return path;
      } catch {
        // Held: by a live adapter (wait), or left by a dead one (free it).
        const holder = Number(readFileSync(path, 'utf8') || 0);
        if (holder && !alive(holder)) rmSync(path, {force: true});
      }
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
process.on('exit', () => slot && rmSync(slot, {force: true}));

function breakerbox(args) {
  slot = takeSlot();
  const r = spawnSync(process.execPath, [BIN, '--config', config, ...args], {env, encoding: 'utf8', timeout: 280_000});
  unlinkSync(slot);
  slot = undefined;
  process.stderr.write(`$ breakerbox ${args.join(' ')}\n${r.stderr ?? ''}${r.signal ? `(ended by ${r.signal})\n` : ''}`);
  return r;
}

/** A value that fits a JSON Schema well enough for a test call. */
function sample(schema) {
  if (!schema || typeof schema !== 'object') return 'x';
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return argumentsFor(schema);
  return typeof schema.pattern === 'string' ? 'abc' : 'x';
}

function argumentsFor(schema) {
  const out = {};
  for (const key of schema?.required ?? []) out[key] = sample(schema.properties?.[key]);
  return out;
}

let code = 0;
try {
  const listed = breakerbox(['--list-tools', '--json']);
  if (listed.status !== 0) throw new Error(`--list-tools exited with ${listed.status}`);
  const {tools} = JSON.parse(listed.stdout);
  const byTool = new Map(tools.map((t) => [t.tool, t]));
  // The scenario's own calls when it names them, else every tool it offers.
  const wanted = Array.isArray(context.toolCalls)
    ? context.toolCalls.filter((c) => byTool.has(c.name)).map((c) => ({tool: byTool.get(c.name).name, input: c.arguments ?? {}}))
    : tools.map((t) => ({tool: t.name, input: argumentsFor(t.inputSchema)}));
  if (wanted.length > 0) {
    const script = join(work, 'script.json');
    writeFileSync(script, JSON.stringify({steps: [{tools: wanted}, {text: `called ${wanted.length} tool(s)`}]}));
    const turn = breakerbox(['--print', `conformance scenario ${scenario}`, '--script', script, '--yes', '--json']);
    process.stdout.write(turn.stdout ?? '');
    if (turn.status === 2) code = 2;
  }
} catch (err) {
  process.stderr.write(`conformance client: ${err.message}\n`);
  code = 1;
} finally {
  rmSync(work, {recursive: true, force: true});
}
process.exit(code);
