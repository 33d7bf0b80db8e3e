#!/usr/bin/env node
// chaos-server: a fault-injection MCP server for testing client robustness.
//
// Usage: CHAOS_MODE=<mode> node servers/chaos.mjs   (or: node servers/chaos.mjs --mode <mode>)
//
// Modes ("after the handshake" = on notifications/initialized in the legacy era, right
// after the server/discover answer in the modern era):
//   ok                normal server; tools: echo, slow {ms}, hang, die {code?}, twice, wrong_id,
//                     structured {valid}, big {bytes?}. All modes below keep these tools unless noted.
//   spawn_fail        exit 1 at once, after one stderr line
//   exit_in_handshake exit 2 when initialize or server/discover arrives, after a stderr reason
//   silent            reads everything, never answers anything (still logs cancellations)
//   slow_discover     answers the handshake (discover; initialize if CHAOS_ERA=legacy) after
//                     CHAOS_DELAY_MS; this mode defaults to the modern era
//   noise             before each message writes a junk line (non-JSON, half JSON, LSP header,
//                     ANSI colours); writes each message in two parts 5 ms apart, cut inside a
//                     multi-byte UTF-8 character when there is one; every other message ends "\r\n"
//   huge_line         at start writes one 20 MB notifications/message line, then works normally
//   stderr_flood      at start writes 50 MB to stderr (blocks if the client does not drain it)
//   paginate_same     tools/list always returns all tools with the same nextCursor
//   paginate_forever  every page returns one new tool (forever_<n>) and a new cursor; no end
//   empty_page        page 1 is empty with a nextCursor; page 2 has the tools and no cursor
//   empty_cursor      page 1 has one tool and nextCursor "" (a valid cursor, not the end)
//   malformed_tools   tools with no name, string/missing inputSchema, duplicate names, spaces,
//                     unicode, 200 chars, a dot, a numeric name; `good_tool` is the sound one
//   server_request    after the handshake sends requests sampling/createMessage (id
//                     "chaos-sampling-1") and ping (id 0); logs each answer to stderr
//   notify_flood      after the handshake sends CHAOS_NOTIFY_COUNT (10000) notifications/message
//   escapes           escape sequences (clear screen, OSC 52, bell...) in tool names, titles,
//                     descriptions, results, serverInfo, instructions and stderr
//   list_changed      after the handshake replaces `twice` with `added_later`, then sends
//                     notifications/tools/list_changed (modern: on a subscriptions/listen stream)
// Round two (hub and content):
//   hostile_results   adds tools whose results are malformed or oversized: null_block,
//                     string_content, unknown_block, text_not_string, bad_base64, odd_image,
//                     good_image, big_image {bytes}, deep_structured {depth}, redos, redos_keys,
//                     lookahead (servers/lib/chaos-hostile.mjs)
//   huge_tool         adds `huge`, whose description is CHAOS_HUGE_BYTES (40 MB) long, and
//                     `huge_schema`, whose inputSchema is about 1 MB
//   list_storm        after the handshake, every CHAOS_STORM_MS (20) ms adds a tool storm_<n> and
//                     sends list_changed, until it has been re-listed CHAOS_STORM_RELISTS (4) times;
//                     then logs "list_storm: done after <n> notices and <k> re-lists" on stderr
//   elicit_flood      (legacy) after the handshake sends CHAOS_FLOOD_COUNT (300)
//                     elicitation/create requests at once; logs each answer to stderr
// Round two (transport, framing and handshake):
//   die_on_probe      like servers built on Rust rmcp: any request before initialize exits 1
//                     (CHAOS_PROBE_DEATH=close_stdout: closes stdout and stays alive instead)
//   bom               every line written starts with a UTF-8 byte order mark
//   close_stdout      the `die` tool closes stdout and the process stays alive
//   big_id            after the handshake sends ping with id 9007199254740993 (beyond 2^53),
//                     and logs every raw line that answers it: `raw-answer <line>`
//   mrtr_keys         (modern by default) tool `ask` returns input_required whose inputRequests
//                     are keyed __proto__, constructor, toString, hasOwnProperty, plain; the
//                     retry answers "keys answered: <keys it got back>"
//   newer_version     (modern by default) supports only protocol version 2027-01-01 (-32022)
//   setsid_helper     at start runs `setsid -f` on a sleeping node helper (its own session,
//                     orphaned at once) whose command line carries the --tag value
//
// An unknown mode or era exits 64 at once with the list of valid ones on stderr.
//
// Other knobs: CHAOS_ERA=legacy|modern (or --era; default legacy), CHAOS_DELAY_MS (3000),
//   CHAOS_LOG_FILE (append a `cancelled <requestId> <reason>` line per cancellation),
//   CHAOS_IGNORE_EOF=1 (keep running after stdin closes), CHAOS_IGNORE_SIGTERM=1,
//   CHAOS_ID_LAST=1 (write "id" last in responses, as the official TypeScript SDK does).
//
// stderr formats a test can wait for (requestId is JSON: 7 or "abc"):
//   cancelled <requestId> <reason>        every notifications/cancelled received
//   answer <id> result <json>  /  answer <id> error <json>   (server_request mode)
//   ready mode=<mode> era=<era>           startup finished

import { appendFileSync } from 'node:fs';
import { serve, KEEP_OPEN, sleep, log } from './lib/stdio-server.mjs';
import { serveMcp, legacyEra, modernEra, CACHE_HINTS, META } from './lib/mcp.mjs';
import { toolMethods, publicTool, encodeCursor, decodeCursor } from './lib/tools.mjs';
import { baseTools, malformedTools, escapeTools, addedLater, NASTY } from './lib/chaos-tools.mjs';
import { noisyWriter } from './lib/chaos-noise.mjs';
import { hostileResultTools, hugeTools } from './lib/chaos-hostile.mjs';
import { closeStdout, dieBeforeInitialize, mrtrKeysTool, sendBigIdPing, startSetsidHelper } from './lib/chaos-floors.mjs';

const env = process.env;
const argv = process.argv.slice(2);
const arg = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
const mode = arg('--mode') ?? env.CHAOS_MODE ?? 'ok';
const eraName = arg('--era') ?? env.CHAOS_ERA ?? (['slow_discover', 'mrtr_keys', 'newer_version'].includes(mode) ? 'modern' : 'legacy');
const delayMs = Number(env.CHAOS_DELAY_MS ?? 3000);
const MB = 1024 * 1024;

const MODES = ['ok', 'spawn_fail', 'exit_in_handshake', 'silent', 'slow_discover', 'noise', 'huge_line',
  'stderr_flood', 'paginate_same', 'paginate_forever', 'empty_page', 'empty_cursor', 'malformed_tools',
  'server_request', 'notify_flood', 'escapes', 'list_changed', 'hostile_results', 'huge_tool', 'list_storm',
  'elicit_flood', 'die_on_probe', 'bom', 'close_stdout', 'big_id', 'mrtr_keys', 'newer_version', 'setsid_helper'];
// A typo must not quietly run as `ok` and make a fault test pass for the wrong reason.
if (!MODES.includes(mode) || !['legacy', 'modern'].includes(eraName)) {
  log(`chaos: unknown mode ${JSON.stringify(mode)} or era ${JSON.stringify(eraName)}; modes: ${MODES.join(', ')}; eras: legacy, modern`);
  process.exit(64);
}
if (mode === 'spawn_fail') {
  log('chaos: spawn_fail mode, exiting with status 1 before reading anything');
  process.exit(1);
}
if (mode === 'stderr_flood') {
  const line = `${'stderr flood '.repeat(7)}\n`; // 92 bytes
  const block = line.repeat(Math.ceil(MB / line.length));
  for (let written = 0; written < 50 * MB; written += block.length) process.stderr.write(block);
}
if (mode === 'escapes') log(`escapes on stderr: ${NASTY}`);
if (mode === 'huge_line') {
  const params = { level: 'info', logger: 'chaos', data: 'h'.repeat(20 * MB) };
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params })}\n`);
}

const onCancelled = (requestId, reason) => {
  if (env.CHAOS_LOG_FILE) appendFileSync(env.CHAOS_LOG_FILE, `cancelled ${JSON.stringify(requestId ?? null)} ${reason}\n`);
};
if (mode === 'setsid_helper') startSetsidHelper(arg('--tag'));
const ignoreEof = env.CHAOS_IGNORE_EOF === '1';
const write = mode === 'noise' ? noisyWriter() : mode === 'bom' ? (line) => process.stdout.write(`\ufeff${line}`) : undefined;
const common = {
  onCancelled,
  write,
  idLast: env.CHAOS_ID_LAST === '1',
  exitOnEof: !ignoreEof,
  onClose() {
    if (ignoreEof) {
      log('stdin closed; staying alive (CHAOS_IGNORE_EOF=1)');
      setInterval(() => {}, 60_000);
    }
    return write?.flush();
  },
};
if (env.CHAOS_IGNORE_SIGTERM === '1') process.on('SIGTERM', () => log('got SIGTERM; ignoring it (CHAOS_IGNORE_SIGTERM=1)'));

if (mode === 'silent') {
  serve({ ...common, onRequest: () => KEEP_OPEN }); // every request stays open forever
} else {
  startMcp();
}
log(`ready mode=${mode} era=${eraName}`);

function startMcp() {
  const escapes = mode === 'escapes';
  const description = {
    serverInfo: { name: escapes ? `chaos-server${NASTY}` : 'chaos-server', version: escapes ? '1.0.0\u0007\u001b[2J' : '1.0.0' },
    capabilities: { tools: { listChanged: mode === 'list_changed' || mode === 'list_storm' }, logging: {} },
    // noise mode: multi-byte characters give the split writes something to cut through.
    instructions: `Fault-injection server, mode ${mode}.${mode === 'noise' ? ' Naïve café ☕ ünïcödé.' : ''}${escapes ? NASTY : ''}`,
    onInitialized: () => afterHandshake(),
  };
  const versions = mode === 'newer_version' ? { versions: ['2027-01-01'] } : {};
  const era = eraName === 'modern' ? modernEra({ ...description, ...versions }) : legacyEra(description);
  // serveMcp reads `methods` at call time, so it can be filled in below (the tools
  // need `server` to write their extra answers).
  const methods = {};
  const beforeRequest = mode === 'die_on_probe' ? dieBeforeInitialize(era, env.CHAOS_PROBE_DEATH) : undefined;
  const server = serveMcp({ era, methods, onResponse, beforeRequest, ...common });

  const base = baseTools(server, era);
  let tools = mode === 'malformed_tools' ? malformedTools() : escapes ? escapeTools(base) : base;
  if (mode === 'hostile_results') tools = [...base, ...hostileResultTools(server)];
  if (mode === 'huge_tool') tools = [...base, ...hugeTools(Number(env.CHAOS_HUGE_BYTES ?? 40 * MB))];
  if (mode === 'close_stdout') tools = tools.map((t) => (t.name === 'die' ? { ...t, run: () => closeStdout('die (close_stdout mode)') } : t));
  if (mode === 'mrtr_keys') tools = [...tools, mrtrKeysTool()];
  const listOpts = { cacheHints: era.name === 'modern' };
  Object.assign(methods, toolMethods(() => tools, listOpts));
  const hints = listOpts.cacheHints ? CACHE_HINTS : {};
  const page = (list, nextCursor) => ({ tools: list.map(publicTool), ...(nextCursor === undefined ? {} : { nextCursor }), ...hints });
  const lists = {
    paginate_same: () => page(tools, 'c2FtZS1jdXJzb3I='),
    paginate_forever: ({ cursor }) => {
      const n = decodeCursor(cursor, 'forever');
      const extra = { name: `forever_${n}`, description: `Tool from page ${n}`, inputSchema: { type: 'object' } };
      return page(n === 0 ? tools : [extra], encodeCursor(n + 1, 'forever'));
    },
    empty_page: ({ cursor }) => (cursor === undefined ? page([], encodeCursor(1, 'empty')) : page(tools)),
    empty_cursor: ({ cursor }) => (cursor === undefined ? page(tools.slice(0, 1), '') : page(tools.slice(1))),
  };
  if (lists[mode]) methods['tools/list'] = lists[mode];

  // Handshake hooks: exit, delay, or trigger the after-handshake behaviour.
  const handshakeMethod = era.name === 'modern' ? 'server/discover' : 'initialize';
  const handshakeMethods = mode === 'exit_in_handshake' ? ['initialize', 'server/discover'] : [handshakeMethod];
  for (const name of handshakeMethods) {
    methods[name] = async (params, ctx) => {
      if (mode === 'exit_in_handshake') {
        log(`exit_in_handshake: got ${name}; cannot open /var/lib/chaos/state.db (simulated), exiting with status 2`);
        process.exit(2);
      }
      if (mode === 'slow_discover') await sleep(delayMs, ctx.signal);
      if (era.name === 'modern') setImmediate(afterHandshake); // runs after the answer is written
      return era.methods[name](params);
    };
  }

  // Modern list_changed can only travel on a subscriptions/listen stream.
  let listenId;
  if (era.name === 'modern') {
    methods['subscriptions/listen'] = (params, { id }) => {
      const notifications = params.notifications?.toolsListChanged ? { toolsListChanged: true } : {};
      server.send({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { _meta: { [META.subscriptionId]: id }, notifications } });
      if (notifications.toolsListChanged) listenId = id;
      if ((mode === 'list_changed' && tools.includes(addedLater)) || mode === 'list_storm') notifyListChanged();
      return KEEP_OPEN;
    };
  }

  function notifyListChanged() {
    if (era.name === 'legacy') return server.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    if (listenId !== undefined) {
      server.send({ jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: { [META.subscriptionId]: listenId } } });
    }
  }

  let handshakeDone = false;
  function afterHandshake() {
    if (handshakeDone) return;
    handshakeDone = true;
    if (mode === 'server_request') {
      server.send({ jsonrpc: '2.0', id: 'chaos-sampling-1', method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hello.' } }], maxTokens: 20 } });
      server.send({ jsonrpc: '2.0', id: 0, method: 'ping' });
    }
    if (mode === 'big_id') sendBigIdPing(server);
    if (mode === 'notify_flood') {
      const count = Number(env.CHAOS_NOTIFY_COUNT ?? 10_000);
      for (let i = 1; i <= count; i++) {
        server.send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', logger: 'chaos', data: `flood ${i}/${count}` } });
      }
    }
    if (mode === 'list_changed') {
      tools = [...tools.filter((t) => t.name !== 'twice'), addedLater];
      notifyListChanged();
    }
    if (mode === 'list_storm') {
      // Notices faster than any debounce, until the client has re-listed CHAOS_STORM_RELISTS
      // times: a client whose debounce restarts on every notice never re-lists, so the storm
      // never ends. The last list is logged, so a test can compare the client's catalog.
      const wanted = Number(env.CHAOS_STORM_RELISTS ?? 4);
      const list = methods['tools/list'];
      let relists = 0;
      methods['tools/list'] = (params) => {
        if (params.cursor === undefined) relists++;
        return list(params);
      };
      let n = 0;
      const timer = setInterval(() => {
        if (relists >= wanted) {
          clearInterval(timer);
          log(`list_storm: done after ${n} notices and ${relists} re-lists; tools now end with storm_${n}`);
          return;
        }
        n++;
        tools = [...tools, { name: `storm_${n}`, description: `Added by notice ${n}.`, inputSchema: { type: 'object' }, run: () => ({ content: [{ type: 'text', text: `storm_${n}` }] }) }];
        notifyListChanged();
      }, Number(env.CHAOS_STORM_MS ?? 20));
    }
    if (mode === 'elicit_flood') {
      const count = Number(env.CHAOS_FLOOD_COUNT ?? 300);
      for (let i = 1; i <= count; i++) {
        server.send({ jsonrpc: '2.0', id: `flood-${i}`, method: 'elicitation/create',
          params: { mode: 'form', message: `Question ${i} of ${count}?`, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } } });
      }
    }
  }
}

function onResponse(msg) {
  const kind = 'error' in msg ? 'error' : 'result';
  log(`answer ${JSON.stringify(msg.id)} ${kind} ${JSON.stringify(msg[kind])}`);
}
