import {describe, expect, it} from 'vitest';
import {chooseAuthMethod, clientAuth, configuredClient} from '../../src/auth/client.js';

const as = (extra: Record<string, unknown> = {}) => ({issuer: 'https://auth.example.com', ...extra});

describe('client identity', () => {
  it('prefers the configured client, then a metadata document where the server supports them', () => {
    expect(configuredClient({clientId: 'abc', clientMetadataUrl: 'https://ex.com/c.json'}, as({client_id_metadata_document_supported: true}))).toMatchObject({clientId: 'abc', source: 'config', authMethod: 'none'});
    expect(configuredClient({clientMetadataUrl: 'https://ex.com/c.json'}, as({client_id_metadata_document_supported: true}))).toEqual({clientId: 'https://ex.com/c.json', authMethod: 'none', source: 'metadata-document'});
    expect(configuredClient({clientMetadataUrl: 'https://ex.com/c.json'}, as())).toBeUndefined();
    expect(configuredClient(undefined, as())).toBeUndefined();
  });

  it('authenticates a client with a secret the way the server advertises (basic when it says nothing)', () => {
    expect(chooseAuthMethod(as({token_endpoint_auth_methods_supported: ['client_secret_post']}), true)).toBe('client_secret_post');
    expect(chooseAuthMethod(as({token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic']}), true)).toBe('client_secret_basic');
    expect(chooseAuthMethod(as(), true)).toBe('client_secret_basic');
    expect(chooseAuthMethod(as(), false)).toBe('none');
  });

  it('sends client_secret_basic form-urlencoded, leaving "-" alone', () => {
    const headers = new Headers();
    const body = new URLSearchParams();
    clientAuth({clientId: 'pre-registered-client', authMethod: 'client_secret_basic', source: 'config'}, 'a b:c')(as() as never, {client_id: 'pre-registered-client'}, body, headers);
    expect(Buffer.from(headers.get('authorization')!.slice(6), 'base64').toString()).toBe('pre-registered-client:a+b%3Ac');
    expect(body.toString()).toBe('');
  });

  it('sends client_secret_post in the body', () => {
    const body = new URLSearchParams();
    clientAuth({clientId: 'id', authMethod: 'client_secret_post', source: 'registered'}, 's')(as() as never, {client_id: 'id'}, body, new Headers());
    expect(Object.fromEntries(body)).toEqual({client_id: 'id', client_secret: 's'});
  });
});
