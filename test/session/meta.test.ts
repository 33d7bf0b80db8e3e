// The modern `_meta` every request carries: the three keys named by META,
// the request's own keys beside them, never over them.
import {describe, expect, it} from 'vitest';
import {META, withModernMeta} from '../../src/session/meta.js';

const info = {name: 'breakerbox', version: '1'};

describe('withModernMeta', () => {
  it('writes the version, client info and capabilities under the keys META names', () => {
    const out = withModernMeta({name: 't', arguments: {}}, '2026-07-28', info, {roots: {}});
    expect(out).toEqual({
      name: 't',
      arguments: {},
      _meta: {[META.protocolVersion]: '2026-07-28', [META.clientInfo]: info, [META.clientCapabilities]: {roots: {}}},
    });
  });

  it('keeps the request’s own keys, but never lets them replace the three', () => {
    const own = {progressToken: 'bb-1', [META.logLevel]: 'info', [META.protocolVersion]: 'forged'};
    const meta = withModernMeta({_meta: own}, '2026-07-28', info, {})._meta as Record<string, unknown>;
    expect(meta.progressToken).toBe('bb-1');
    expect(meta[META.logLevel]).toBe('info');
    expect(meta[META.protocolVersion]).toBe('2026-07-28');
  });

  it('keeps an own __proto__ key as a key, not as the prototype', () => {
    const own = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const meta = withModernMeta({_meta: own}, '2026-07-28', info, {})._meta as Record<string, unknown>;
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect((meta as {polluted?: unknown}).polluted).toBeUndefined();
    expect(JSON.stringify(meta)).toContain('"__proto__":{"polluted":true}');
  });
});
