import {describe, expect, it} from 'vitest';
import {parseBearerChallenge} from '../../src/auth/www-authenticate.js';

describe('parseBearerChallenge', () => {
  it('reads resource_metadata, scope, error and error_description, quoted or not', () => {
    expect(parseBearerChallenge('Bearer resource_metadata="https://a.example/.well-known/oauth-protected-resource", scope="files:read files:write", error=insufficient_scope, error_description="need \\"write\\""')).toEqual({
      resourceMetadata: 'https://a.example/.well-known/oauth-protected-resource',
      scope: ['files:read', 'files:write'],
      error: 'insufficient_scope',
      errorDescription: 'need "write"',
    });
  });

  it('finds the Bearer challenge among others, case-insensitively, and ignores token68 challenges', () => {
    expect(parseBearerChallenge('Basic realm="x", Negotiate abc123==, bearer scope="a"')).toEqual({scope: ['a']});
    expect(parseBearerChallenge('DPoP algs="ES256", Bearer error="invalid_token"')).toEqual({error: 'invalid_token'});
  });

  it('returns undefined without a Bearer challenge, and an empty challenge for a bare Bearer', () => {
    expect(parseBearerChallenge(null)).toBeUndefined();
    expect(parseBearerChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseBearerChallenge('Bearer')).toEqual({});
  });

  it('survives malformed input without throwing', () => {
    for (const bad of ['Bearer scope="unterminated', 'Bearer ,,,', '=', 'Bearer a=', '"Bearer"', 'Bearer scope=""']) {
      expect(() => parseBearerChallenge(bad)).not.toThrow();
    }
    expect(parseBearerChallenge('Bearer scope="unterminated')).toEqual({scope: ['unterminated']});
  });
});
