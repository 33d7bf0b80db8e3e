import {describe, expect, it} from 'vitest';
import {authServerMetadataUrls, canonicalResource, isLoopback, requireSecure, resourceCovers, resourceMetadataUrls} from '../../src/auth/urls.js';

describe('auth URL rules', () => {
  it('builds the resource metadata URLs: path-based first, then the root; only the root for a server at the root', () => {
    expect(resourceMetadataUrls('https://ex.com/public/mcp')).toEqual(['https://ex.com/.well-known/oauth-protected-resource/public/mcp', 'https://ex.com/.well-known/oauth-protected-resource']);
    expect(resourceMetadataUrls('https://ex.com/')).toEqual(['https://ex.com/.well-known/oauth-protected-resource']);
  });

  it('builds the authorization server metadata URLs in the spec order, with and without a path', () => {
    expect(authServerMetadataUrls('https://auth.ex.com/tenant1')).toEqual([
      'https://auth.ex.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.ex.com/.well-known/openid-configuration/tenant1',
      'https://auth.ex.com/tenant1/.well-known/openid-configuration',
    ]);
    expect(authServerMetadataUrls('https://auth.ex.com')).toEqual(['https://auth.ex.com/.well-known/oauth-authorization-server', 'https://auth.ex.com/.well-known/openid-configuration']);
  });

  it('canonicalises a server URL: lower-case host, no fragment or query, no trailing slash on an empty path', () => {
    expect(canonicalResource('HTTPS://MCP.Example.com/#x')).toBe('https://mcp.example.com');
    expect(canonicalResource('https://mcp.example.com/mcp?key=1')).toBe('https://mcp.example.com/mcp');
  });

  it('lets resource metadata cover the server or a parent path on the same origin only', () => {
    expect(resourceCovers('https://ex.com/mcp', 'https://ex.com/mcp')).toBe(true);
    expect(resourceCovers('https://ex.com', 'https://ex.com/mcp')).toBe(true);
    expect(resourceCovers('https://ex.com/mc', 'https://ex.com/mcp')).toBe(false);
    expect(resourceCovers('https://evil.example.com/mcp', 'https://ex.com/mcp')).toBe(false);
    expect(resourceCovers('http://ex.com/mcp', 'https://ex.com/mcp')).toBe(false);
    expect(resourceCovers('not a url', 'https://ex.com/mcp')).toBe(false);
  });

  it('allows plain http only on this machine', () => {
    expect(isLoopback(new URL('http://127.0.0.1:9/x'))).toBe(true);
    expect(isLoopback(new URL('http://localhost/x'))).toBe(true);
    expect(isLoopback(new URL('http://[::1]:8/x'))).toBe(true);
    expect(isLoopback(new URL('http://127.example.com/x'))).toBe(false);
    expect(() => requireSecure(new URL('http://auth.example.com'), 'the authorization server')).toThrow(/must use https/);
    expect(requireSecure(new URL('https://auth.example.com'), 'x').host).toBe('auth.example.com');
  });
});
