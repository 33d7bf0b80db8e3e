import {describe, expect, it} from 'vitest';
import {childEnv} from '../../src/config/index.js';

describe('childEnv', () => {
  const parent = {
    HOME: '/home/me', PATH: '/usr/bin', LANG: 'C.UTF-8', TERM: 'xterm', USER: 'me', TZ: 'UTC',
    ANTHROPIC_API_KEY: 'sk-secret', AWS_SECRET_ACCESS_KEY: 'x', GITHUB_TOKEN: 'ghp', NODE_OPTIONS: '--inspect', EVIL: '() { :; }',
  };

  it('passes only the allowlist from the parent', () => {
    expect(childEnv({env: {}}, parent)).toEqual({HOME: '/home/me', PATH: '/usr/bin', LANG: 'C.UTF-8', TERM: 'xterm', USER: 'me', TZ: 'UTC'});
  });

  it('adds what the config sets, and the config wins', () => {
    const env = childEnv({env: {PATH: '/opt/bin', GITHUB_TOKEN: 'from-config'}}, parent);
    expect(env.PATH).toBe('/opt/bin');
    expect(env.GITHUB_TOKEN).toBe('from-config');
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it('drops bash exported functions', () => {
    expect(childEnv({env: {}}, {SHELL: '() { echo pwned; }'}).SHELL).toBeUndefined();
  });
});
