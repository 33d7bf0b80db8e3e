// One TUI benchmark sample in a fresh process:
//   node bench/tui/driver.mjs <variant> <scenario> '<json params>'
//
// scenario `frames`, variants catalog-20 | catalog-2000 | conv-10 | conv-500:
//   the real <App> from dist/ui over a store holding that catalog or
//   conversation, rendered by Ink into an in-memory 120×40 terminal in
//   unthrottled (debug) mode, so every commit is one frame we can time:
//   frameMs  = a full re-render (the width changes, so every pane lays out again)
//   keyMs    = one keystroke typed into the input line, until its frame is out
//   renderMs = Ink's own output stage of a frame (its `onRender` renderTime)
// scenario `stream`, variants batched | unbatched | plain | markdown:
//   Ink as the app runs it (throttled, maxFps 30); 10,000 text deltas streamed
//   over about 5 s, through the agent's TextBatcher (as the controller does) or
//   dispatched one by one; counts frames drawn and CPU. `plain` and `markdown`
//   are batched too and stream text of the same length in the same number of
//   deltas: words and sentences, or a markdown answer with headings, lists,
//   tables and code fences (every answer is rendered as markdown, so the pair
//   shows what the markup itself costs per frame).
// scenario `launch`, variant pty:
//   `node bin/breakerbox.cjs` with the bundled config in a pseudo-terminal
//   (script(1)); time to the first frame and to "2/2 online".
//
// Prints one JSON line. Plain JavaScript, importing the compiled dist/.

import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [variant, scenario, paramsJson = '{}'] = process.argv.slice(2);
const params = JSON.parse(paramsJson);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COLUMNS = 120;
const ROWS = 40;

const now = () => performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[(s.length - 1) >> 1] : NaN;
};
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};

/** An in-memory terminal: Ink writes frames here. */
class FakeStdout extends EventEmitter {
  isTTY = true;
  columns = COLUMNS;
  rows = ROWS;
  writes = 0;
  bytes = 0;
  last = '';
  write = (s) => {
    this.writes++;
    this.bytes += s.length;
    this.last = s;
    return true;
  };
}

/** Keys typed into Ink (the shape ink-testing-library uses). */
class FakeStdin extends EventEmitter {
  isTTY = true;
  data = null;
  write = (data) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
}

const controller = { busy: false, submit() {}, cancel: () => false, answerApproval() {}, reconnect: async () => {}, clear() {} };

async function loadUi() {
  const [React, ink, ui, appState, store, selectors] = await Promise.all([
    import('react'),
    import('ink'),
    import('../../dist/ui/index.js'),
    import('../../dist/state/app-state.js'),
    import('../../dist/state/store.js'),
    import('../../dist/state/selectors.js').catch(() => ({})),
  ]);
  return { React: React.default ?? React, ink, ui, appState, store, selectors };
}

const ALIASES = ['notes', 'tickets', 'search', 'files'];

function catalogOf(n) {
  const entries = [];
  for (let i = 0; i < n; i++) {
    const alias = ALIASES[i % ALIASES.length];
    const tool = `tool_${String(i).padStart(4, '0')}`;
    entries.push({
      name: `mcp__${alias}__${tool}`,
      alias,
      tool,
      title: `Tool number ${i}`,
      description: `[${alias}] Benchmark tool ${i}: does one thing and reports back in a sentence or two.`,
      originalDescription: `Benchmark tool ${i}.`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      annotations: i % 3 === 0 ? { readOnlyHint: true } : undefined,
      trusted: i % 4 === 0,
      mangling: 'none',
    });
  }
  return { entries, byName: new Map(entries.map((e) => [e.name, e])), version: 1 };
}

const SENTENCE = 'The quick brown fox checks every server before it answers, then reports what it found. ';

/** The i-th delta of the plain stream: a word, and a line break every 15 words. */
const plainDelta = (i) => (i % 15 === 14 ? 'end.\n' : `w${i % 100} `);

/** A markdown answer as models write them, repeated to `length` characters. */
function markdownAnswer(length) {
  const section = (n) =>
    [
      `## Section ${n}: what the servers said`,
      '',
      `The **notes** server answered in ${n} ms and *tickets* after it; \`tools/list\` had ${n % 7} pages. See [the spec](https://modelcontextprotocol.io/specification).`,
      '',
      '1. Ask every server for its tools.',
      '2. Merge the tables:',
      '   - prefix each name with its alias',
      '   - hash names that collide',
      '',
      '| Server | Era | Tools | Notes |',
      '|:-------|:---:|------:|-------|',
      `| notes | modern | ${n} | three tools over two pages |`,
      `| tickets | legacy | ${n + 1} | one page, answers slowly when it is busy |`,
      '',
      '```ts',
      `const pages${n} = await session.listTools({cursor});`,
      'for (const tool of pages.tools) table.set(prefix(alias, tool.name), tool);',
      '```',
      '',
      '> Every request has a timeout: a server that does not answer never will.',
      '',
    ].join('\n');
  let text = '# A long answer\n\n';
  for (let n = 1; text.length < length; n++) text += section(n) + '\n';
  return text.slice(0, length);
}

/** A conversation of `n` items: user and assistant messages, every fifth turn with a tool call. */
function conversationEvents(n) {
  const events = [];
  let items = 0;
  for (let turn = 1; items < n; turn++) {
    events.push({ type: 'user/submitted', text: `Question ${turn}: what changed in the tickets since yesterday?`, at: 0 });
    events.push({ type: 'model/requested', step: 1, maxSteps: 10 });
    items++;
    if (turn % 5 === 0 && items < n) {
      const callId = `call-${turn}`;
      events.push({ type: 'call/requested', callId, name: 'mcp__tickets__search', alias: 'tickets', tool: 'search', arguments: { q: `since:${turn}` } });
      events.push({ type: 'call/started', callId, at: 0 });
      events.push({ type: 'call/completed', callId, result: { durationMs: 12, text: `T-${turn} open\nT-${turn + 1} closed`, content: [{ type: 'text', text: `T-${turn} open\nT-${turn + 1} closed` }] } });
      items++;
    }
    if (items < n) {
      const text = SENTENCE.repeat(1 + (turn % 4)).trim();
      events.push({ type: 'model/responded', content: [{ type: 'text', text }], stopReason: 'end_turn' });
      items++;
    }
    events.push({ type: 'turn/finished', stopReason: 'end_turn' });
  }
  return events;
}

function buildStore(lib, kind, n) {
  const { initialState } = lib.appState;
  const { createStore } = lib.store;
  const store = createStore(
    initialState({ servers: ALIASES.map((alias) => ({ alias })), modelLabel: 'offline scripted model', offline: true, columns: COLUMNS, rows: ROWS }),
  );
  for (const alias of ALIASES) {
    store.dispatch({ type: 'server/discovered', alias, status: { state: 'online', era: 'legacy', toolCount: kind === 'catalog' ? Math.ceil(n / ALIASES.length) : 5 } });
  }
  if (kind === 'catalog') store.dispatch({ type: 'catalog/rebuilt', catalog: catalogOf(n) });
  else {
    store.dispatch({ type: 'catalog/rebuilt', catalog: catalogOf(20) });
    store.dispatchAll(conversationEvents(n));
  }
  return store;
}

/** Renders the app; `frames` resolves waiters on each Ink render. */
function mount(lib, store, inkOptions) {
  const { React, ink, ui } = lib;
  const stdout = new FakeStdout();
  const stderr = new FakeStdout();
  const stdin = new FakeStdin();
  const rec = { count: 0, renderTimes: [], reactTimes: [], lastAt: 0, waiters: [] };
  const onRender = ({ renderTime }) => {
    rec.count++;
    rec.renderTimes.push(renderTime);
    rec.lastAt = now();
    for (const w of rec.waiters.splice(0)) w();
  };
  const app = React.createElement(ui.App, { store, controller, theme: ui.createTheme(true), onQuit() {} });
  // React's own time per commit (our layout runs in render): the work of a frame before Ink's output stage.
  const element = React.createElement(React.Profiler, { id: 'app', onRender: (_id, _phase, actual) => rec.reactTimes.push(actual) }, app);
  const instance = ink.render(element, { stdout, stderr, stdin, exitOnCtrlC: false, patchConsole: false, onRender, ...inkOptions });
  return { stdout, stdin, rec, instance };
}

/** Resolves at the next Ink render, or after `ms` without one. */
function nextFrame(rec, ms = 2000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    rec.waiters.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Waits until no frame has come for `quietMs`. */
async function settle(rec, quietMs = 30) {
  for (;;) {
    const before = rec.count;
    await sleep(quietMs);
    if (rec.count === before) return;
  }
}

const scenarios = {
  async frames() {
    const [kind, size] = variant.split('-');
    const n = Number(size);
    const lib = await loadUi();
    const store = buildStore(lib, kind === 'catalog' ? 'catalog' : 'conversation', n);
    const t0 = now();
    const app = mount(lib, store, { debug: true });
    // Ink renders the first frame synchronously inside render().
    if (app.rec.count === 0 && !(await nextFrame(app.rec))) throw new Error('no first frame');
    const firstFrameMs = app.rec.lastAt - t0;
    await settle(app.rec);
    const check = app.stdout.last;
    if (kind === 'catalog' && !check.includes('tool_0000')) throw new Error(`the catalog is not on screen:\n${check.slice(0, 2000)}`);

    const iterations = params.iterations ?? 60;
    const skip = Math.floor(iterations / 6);
    const frameTimes = [];
    const renderTimes = [];
    for (let i = 0; i < iterations; i++) {
      const before = app.rec.renderTimes.length;
      const s = now();
      store.dispatch({ type: 'ui/resized', columns: i % 2 ? COLUMNS : COLUMNS - 1, rows: ROWS });
      if (!(await nextFrame(app.rec))) throw new Error('no frame after a resize');
      const t = app.rec.lastAt - s;
      await settle(app.rec, 5);
      if (i >= skip) {
        frameTimes.push(t);
        renderTimes.push(...app.rec.renderTimes.slice(before));
      }
    }
    const keyTimes = [];
    for (let i = 0; i < iterations; i++) {
      const s = now();
      app.stdin.write(i % 2 ? '\x7f' : 'x');
      if (!(await nextFrame(app.rec))) throw new Error('no frame after a keystroke');
      const t = app.rec.lastAt - s;
      await settle(app.rec, 5);
      if (i >= skip) keyTimes.push(t);
    }
    app.instance.unmount();
    return {
      frameMs: median(frameTimes),
      frameP90Ms: quantile(frameTimes, 0.9),
      keyMs: median(keyTimes),
      renderMs: median(renderTimes),
      firstFrameMs,
      rssMb: process.resourceUsage().maxRSS / 1024,
    };
  },

  async stream() {
    const lib = await loadUi();
    const { TextBatcher } = await import('../../dist/driver/text-batcher.js');
    const store = buildStore(lib, 'catalog', 20);
    const app = mount(lib, store, { maxFps: 30 });
    await settle(app.rec, 100);
    store.dispatch({ type: 'user/submitted', text: 'write me a long answer', at: Date.now() });
    store.dispatch({ type: 'model/requested', step: 1, maxSteps: 10 });
    await settle(app.rec, 100);

    const deltas = params.deltas ?? 10_000;
    const durationMs = params.durationMs ?? 5_000;
    let dispatches = 0;
    const dispatch = (text) => {
      dispatches++;
      store.dispatch({ type: 'model/text-delta', text });
    };
    const batcher = variant === 'unbatched' ? { push: dispatch, flush() {} } : new TextBatcher(dispatch);
    let delta = plainDelta;
    if (variant === 'markdown') {
      // As long as the plain stream, cut into as many deltas.
      let plainLength = 0;
      for (let i = 0; i < deltas; i++) plainLength += plainDelta(i).length;
      const answer = markdownAnswer(plainLength);
      const cuts = Array.from({ length: deltas + 1 }, (_, i) => Math.round((i * answer.length) / deltas));
      delta = (i) => answer.slice(cuts[i], cuts[i + 1]);
    }

    // A frame drawn is one write of screen content; Ink brackets each with
    // short synchronized-output markers, which are not counted.
    let drawn = 0;
    const write = app.stdout.write;
    app.stdout.write = (text) => {
      if (text.length > 16) drawn++;
      return write(text);
    };
    const renders0 = app.rec.renderTimes.length;
    const commits0 = app.rec.reactTimes.length;
    const cpu0 = process.cpuUsage();
    const t0 = now();
    let sent = 0;
    // Deltas arrive on a wall-clock schedule (as from a socket): when rendering
    // blocks the loop, the ones due meanwhile are handled together afterwards.
    while (sent < deltas) {
      const due = Math.min(deltas, Math.ceil(((now() - t0) / durationMs) * deltas));
      for (; sent < due; sent++) batcher.push(delta(sent));
      await sleep(2);
    }
    batcher.flush();
    const streamMs = now() - t0;
    await settle(app.rec, 100);
    const cpu = process.cpuUsage(cpu0);
    const state = store.getState();
    const item = state.conversation.items.at(-1);
    if (item?.kind !== 'assistant' || item.text.length < deltas * 3) throw new Error('the streamed text did not arrive');
    const renderTimes = app.rec.renderTimes.slice(renders0);
    const tenth = Math.max(1, Math.floor(renderTimes.length / 10));
    const reactTimes = app.rec.reactTimes.slice(commits0);
    const reactTenth = Math.max(1, Math.floor(reactTimes.length / 10));
    app.instance.unmount();
    return {
      framesPerSec: (drawn / streamMs) * 1000,
      frames: drawn,
      rendersPerSec: (renderTimes.length / streamMs) * 1000,
      dispatchesPerSec: (dispatches / streamMs) * 1000,
      cpuPct: ((cpu.user + cpu.system) / 1000 / streamMs) * 100,
      // All the work per frame drawn: reducer, React, our layout and Ink's output.
      cpuMsPerFrame: (cpu.user + cpu.system) / 1000 / Math.max(1, drawn),
      renderP50Ms: median(renderTimes),
      reactMs: median(reactTimes),
      reactLateMs: median(reactTimes.slice(-reactTenth)),
      renderEarlyMs: median(renderTimes.slice(0, tenth)),
      renderLateMs: median(renderTimes.slice(-tenth)),
      streamMs,
      textKb: item.text.length / 1024,
      rssMb: process.resourceUsage().maxRSS / 1024,
    };
  },

  async launch() {
    const state = mkdtempSync(join(tmpdir(), 'bb-bench-pty-'));
    const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
    const env = `env -i PATH=${q(process.env.PATH ?? '')} HOME=${q(state)} XDG_STATE_HOME=${q(state)} TERM=xterm-256color NO_COLOR=1`;
    const command = `stty cols ${COLUMNS} rows ${ROWS}; exec ${env} ${q(process.execPath)} bin/breakerbox.cjs`;
    const t0 = now();
    const child = spawn('script', ['-qfc', command, '/dev/null'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let firstFrameMs;
    let onlineMs;
    const strip = (s) => s.replace(/\u001b\[[\d;?<>=]*[A-Za-z]|\u001b\][^\u0007]*\u0007|\u001b[()][A-Z0-9]/g, '');
    const done = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; screen so far:\n${strip(out).slice(-1500)}`)), params.timeoutMs ?? 30_000);
      child.stdout.on('data', (d) => {
        out += d.toString('utf8');
        const text = strip(out);
        if (firstFrameMs === undefined && text.includes('Conversation')) firstFrameMs = now() - t0;
        if (onlineMs === undefined && /(\d+)\/\1 online/.test(text)) onlineMs = now() - t0;
        if (firstFrameMs !== undefined && onlineMs !== undefined) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`exited early:\n${strip(out).slice(-1500)}`)));
    });
    try {
      await done;
    } finally {
      for (const ch of '/quit') {
        child.stdin.write(ch);
        await sleep(20);
      }
      child.stdin.write('\r');
      const exited = await Promise.race([new Promise((r) => child.once('exit', () => r(true))), sleep(10_000).then(() => false)]);
      if (!exited) child.kill('SIGKILL');
    }
    return { firstFrameMs, onlineMs };
  },
};

try {
  const run = scenarios[scenario];
  if (!run) throw new Error(`unknown scenario ${scenario}`);
  const result = await run();
  process.stdout.write(JSON.stringify({ ok: true, arm: variant, scenario, ...result }) + '\n');
  process.exit(0);
} catch (err) {
  process.stdout.write(JSON.stringify({ ok: false, arm: variant, scenario, error: String(err?.stack ?? err) }) + '\n');
  process.exit(1);
}
