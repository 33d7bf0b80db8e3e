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

  it('passes proxy and certificate variables, so a cold npx install works behind a corporate proxy', () => {
    const proxied = {
      ...parent, HTTP_PROXY: 'http://proxy:3128', HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'localhost,.corp', http_proxy: 'http://p:1',
      https_proxy: 'http://p:2', no_proxy: '127.0.0.1', NODE_EXTRA_CA_CERTS: '/etc/corp-ca.pem', SSL_CERT_FILE: '/etc/ssl/corp.pem',
    };
    const env = childEnv({env: {}}, proxied);
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE'] as const) {
      expect(env[name]).toBe(proxied[name]);
    }
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
  });

  it('drops bash exported functions', () => {
    expect(childEnv({env: {}}, {SHELL: '() { echo pwned; }'}).SHELL).toBeUndefined();
  });
});
