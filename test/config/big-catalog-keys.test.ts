// The per-server keys of big catalogs: deferTools and maxResultTokens.
import {describe, expect, it} from 'vitest';
import {parse, problems} from './helpers.js';

describe('deferTools and maxResultTokens', () => {
  it('are read when set and absent when not', () => {
    const [a, b] = parse({mcpServers: {a: {command: 'x', deferTools: false, maxResultTokens: 4000}, b: {command: 'y'}}}).servers;
    expect(a).toMatchObject({deferTools: false, maxResultTokens: 4000});
    expect(b).not.toHaveProperty('deferTools');
    expect(b).not.toHaveProperty('maxResultTokens');
    expect(a!.extra).toEqual({});
  });

  it('name the expected shape when wrong', () => {
    expect(problems({mcpServers: {a: {command: 'x', deferTools: 'true'}}})).toMatch(/mcpServers\.a\.deferTools: expected true or false, got a string \(remove the quotes\)/);
    expect(problems({mcpServers: {a: {command: 'x', maxResultTokens: 12.5}}})).toMatch(/mcpServers\.a\.maxResultTokens: expected a whole number of tokens from 100 to 1000000/);
    expect(problems({mcpServers: {a: {command: 'x', maxResultTokens: 50}}})).toMatch(/maxResultTokens: expected a whole number of tokens from 100/);
  });
});
