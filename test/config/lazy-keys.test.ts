// The per-server keys of lazy servers (issue #18): start and idleStopMs.
import {describe, expect, it} from 'vitest';
import {parse, problems} from './helpers.js';

describe('start and idleStopMs', () => {
  it('are read when set; a server without them is eager and never stopped', () => {
    const [a, b, c] = parse({mcpServers: {a: {command: 'x', start: 'lazy', idleStopMs: 600_000}, b: {command: 'y'}, c: {url: 'https://example.com/mcp', start: 'eager'}}}).servers;
    expect(a).toMatchObject({start: 'lazy', idleStopMs: 600_000});
    expect(b).not.toHaveProperty('start');
    expect(b).not.toHaveProperty('idleStopMs');
    expect(c).not.toHaveProperty('start');
    expect(a!.extra).toEqual({});
  });

  it('name the expected shape when wrong', () => {
    expect(problems({mcpServers: {a: {command: 'x', start: 'sometimes'}}})).toMatch(/mcpServers\.a\.start: "sometimes" is not "eager" \(start with breakerbox, the default\) or "lazy"/);
    expect(problems({mcpServers: {a: {command: 'x', start: true}}})).toMatch(/mcpServers\.a\.start: expected "eager" .* or "lazy" .*, got true/);
    expect(problems({mcpServers: {a: {command: 'x', idleStopMs: '60000'}}})).toMatch(/mcpServers\.a\.idleStopMs: expected a whole number of milliseconds from 1 to 2147483647, got a string \(remove the quotes\)/);
  });
});
