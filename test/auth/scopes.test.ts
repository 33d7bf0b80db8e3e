import {describe, expect, it} from 'vitest';
import {alreadyRequested, selectScopes} from '../../src/auth/scopes.js';

describe('selectScopes', () => {
  it('prefers the challenge, then the resource metadata, else omits the parameter', () => {
    expect(selectScopes({challenge: ['a'], resourceScopes: ['b', 'c']})).toEqual(['a']);
    expect(selectScopes({resourceScopes: ['b', 'c']})).toEqual(['b', 'c']);
    expect(selectScopes({})).toBeUndefined();
    expect(selectScopes({challenge: [], resourceScopes: []})).toBeUndefined();
  });

  it('keeps earlier scopes on step-up and adds configured ones', () => {
    expect(selectScopes({challenge: ['write'], previous: ['read'], resourceScopes: ['profile'], configured: ['extra']})).toEqual(['read', 'write', 'extra']);
  });

  it('adds offline_access only when the authorization server lists it, and never alone', () => {
    expect(selectScopes({challenge: ['a'], serverScopes: ['a', 'offline_access']})).toEqual(['a', 'offline_access']);
    expect(selectScopes({challenge: ['a'], serverScopes: ['a']})).toEqual(['a']);
    expect(selectScopes({serverScopes: ['offline_access']})).toBeUndefined();
  });

  it('knows when a challenge asks for nothing new', () => {
    expect(alreadyRequested(['a'], ['a', 'b'])).toBe(true);
    expect(alreadyRequested(['c'], ['a', 'b'])).toBe(false);
    expect(alreadyRequested(undefined, ['a'])).toBe(true);
  });
});
