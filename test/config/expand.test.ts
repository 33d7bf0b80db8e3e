import type {StdioServerConfig} from '../../src/config/index.js';
import {describe, expect, it} from 'vitest';
import {expandVars} from '../../src/config/expand.js';
import {parse, problems} from './helpers.js';

describe('${VAR} expansion', () => {
  it('names the server and the field when a variable is missing', () => {
    expect(problems({mcpServers: {github: {command: 'npx', env: {TOKEN: '${GITHUB_TOKEN}'}}}})).toBe(
      'mcp.config.json: mcpServers.github.env.TOKEN: ${GITHUB_TOKEN} is not set (use ${GITHUB_TOKEN:-default} for a fallback)',
    );
    expect(problems({mcpServers: {g: {command: '${BIN}', args: ['--x', '${A}'], cwd: '${D}'}}})).toBe(
      [
        'mcp.config.json: mcpServers.g.command: ${BIN} is not set (use ${BIN:-default} for a fallback)',
        'mcp.config.json: mcpServers.g.args[1]: ${A} is not set (use ${A:-default} for a fallback)',
        'mcp.config.json: mcpServers.g.cwd: ${D} is not set (use ${D:-default} for a fallback)',
      ].join('\n'),
    );
  });

  it('expands command, args, env values, cwd and roots', () => {
    const env = {BIN: 'node', TOKEN: 's3cret', HOME: '/home/me'};
    const [s] = parse({mcpServers: {g: {command: '${BIN}', args: ['${HOME}/srv.js'], env: {T: 'Bearer ${TOKEN}'}, cwd: '${HOME}/w', roots: ['${HOME}/d']}}}, env).servers;
    expect(s).toMatchObject({command: 'node', args: ['/home/me/srv.js'], env: {T: 'Bearer s3cret'}, cwd: '/home/me/w', roots: ['/home/me/d']});
  });

  it('uses the default when the variable is unset or empty', () => {
    expect(expandVars('${X:-fallback}', {})).toEqual({ok: true, value: 'fallback'});
    expect(expandVars('${X:-fallback}', {X: ''})).toEqual({ok: true, value: 'fallback'});
    expect(expandVars('${X:-fallback}', {X: 'set'})).toEqual({ok: true, value: 'set'});
    expect(expandVars('${X:-}', {})).toEqual({ok: true, value: ''});
    expect(expandVars('${X:-a:-b $ c}', {})).toEqual({ok: true, value: 'a:-b $ c'});
  });

  it('keeps an empty but set variable, lone dollars and escaped references', () => {
    expect(expandVars('${X}', {X: ''})).toEqual({ok: true, value: ''});
    expect(expandVars('cost $5 and $HOME', {})).toEqual({ok: true, value: 'cost $5 and $HOME'});
    expect(expandVars('$${X} ${X}', {X: 'v'})).toEqual({ok: true, value: '${X} v'});
    expect(expandVars('${X}${Y}', {X: '${Y}', Y: 'y'})).toEqual({ok: true, value: '${Y}y'}); // no re-expansion
  });

  it('reports malformed references', () => {
    expect(expandVars('${X', {})).toMatchObject({ok: false, problems: [expect.stringMatching(/unterminated/)]});
    expect(expandVars('${my-var}', {})).toMatchObject({ok: false, problems: [expect.stringMatching(/is not a variable reference/)]});
    expect(expandVars('${}', {})).toMatchObject({ok: false});
  });

  it('does not expand env names, autoApprove or unknown keys', () => {
    const [s] = parse({mcpServers: {g: {command: 'x', autoApprove: ['${T}'], note: '${T}'}}}).servers;
    expect(s.autoApprove).toEqual(['${T}']);
    expect(s.extra.note).toBe('${T}');
  });

  it('treats a cwd that expands to nothing as unset', () => {
    expect((parse({mcpServers: {g: {command: 'x', cwd: '${D:-}'}}}).servers[0] as StdioServerConfig).cwd).toBeUndefined();
  });
});
