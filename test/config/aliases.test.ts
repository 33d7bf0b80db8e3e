import {describe, expect, it} from 'vitest';
import {ALIAS_RE} from '../../src/config/index.js';
import {suggestAlias} from '../../src/config/aliases.js';
import {parse, problems} from './helpers.js';

const withAlias = (alias: string) => ({mcpServers: {[alias]: {command: 'x'}}});

describe('aliases', () => {
  it('reports a duplicate alias with both line numbers', () => {
    const text = ['{', '  "mcpServers": {', '    "github": {"command": "a"},', '    "notes": {"command": "b"},', '    "github": {"command": "c"}', '  }', '}'].join('\n');
    expect(problems(text)).toBe(
      'mcp.config.json: mcpServers: alias "github" is defined twice (lines 3 and 5); JSON keeps only the last, so rename or remove one',
    );
  });

  it('sees through escapes in keys and ignores look-alikes in nested objects and strings', () => {
    expect(problems('{"mcpServers": {"github": {"command": "a"},\n"git\\u0068ub": {"command": "b"}}}')).toMatch(/alias "github" is defined twice \(lines 1 and 2\)/);
    const fine = '{"mcpServers": {"a": {"command": "x", "env": {"a": "{\\"a\\": 1}"}, "args": ["\\"a\\":", "}"]}, "b": {"command": "a"}}}';
    expect(parse(fine).servers.map((s) => s.alias)).toEqual(['a', 'b']);
  });

  it('reports duplicate keys inside a server and at the top level', () => {
    expect(problems('{"mcpServers": {"a": {"command": "x",\n "command": "y"}}}')).toBe(
      'mcp.config.json: mcpServers.a: key "command" appears twice (lines 1 and 2); JSON keeps only the last, so remove one',
    );
    expect(problems('{"mcpServers": {},\n"mcpServers": {}}')).toMatch(/^mcp\.config\.json: key "mcpServers" appears twice \(lines 1 and 2\)/);
  });

  it('rejects characters outside the alphabet, with a suggestion', () => {
    expect(problems(withAlias('my.server'))).toBe(
      'mcp.config.json: mcpServers["my.server"]: alias may only use letters, digits, "-" and single "_" between them, and must start with a letter or digit; try "my-server"',
    );
    for (const bad of ['my server', 'ノート', '-x', '_x', 'x_', 'a/b', '']) expect(problems(withAlias(bad))).toMatch(/alias /);
  });

  it('explains why "__" is not allowed', () => {
    expect(problems(withAlias('my__srv'))).toMatch(/mcpServers\.my__srv: alias must not contain "__" \(two underscores\): it separates alias and tool in model names \(mcp__<alias>__<tool>\); try "my_srv"/);
  });

  it('limits aliases to 32 characters', () => {
    expect(parse(withAlias('a'.repeat(32))).servers).toHaveLength(1);
    expect(problems(withAlias('a'.repeat(33)))).toMatch(/alias is 33 characters long; at most 32 are allowed/);
  });

  it('accepts the usual shapes', () => {
    for (const ok of ['github', 'my-server', 'my_server', 'a_b-c_d', '2', 'Notes2', 'x-']) expect(ALIAS_RE.test(ok)).toBe(true);
  });

  it('suggests only valid aliases', () => {
    for (const raw of ['my.server', 'a__b', '_x_', 'a_-b', 'x'.repeat(40) + '_y', 'a b c']) {
      const s = suggestAlias(raw);
      expect(s === undefined || (ALIAS_RE.test(s) && s.length <= 32)).toBe(true);
    }
  });
});
