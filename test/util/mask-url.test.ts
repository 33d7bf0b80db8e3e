import {describe, expect, it} from 'vitest';
import {isLoopbackHost, maskUrl} from '../../src/util/mask-url.js';

describe('maskUrl', () => {
  it.each([
    ['https://user:pass@example.com/mcp', 'https://***@example.com/mcp'],
    ['https://example.com/mcp?api_key=abc&region=eu', 'https://example.com/mcp?api_key=***&region=eu'],
    ['https://example.com/mcp?key=1&token=2&access_token=3&apiKey=4&X-Api-Key=5&secret=6&password=7&sig=8', 'https://example.com/mcp?key=***&token=***&access_token=***&apiKey=***&X-Api-Key=***&secret=***&password=***&sig=***'],
    ['http://127.0.0.1:3000/mcp', 'http://127.0.0.1:3000/mcp'],
    ['not a url', '<invalid URL>'],
  ])('%s → %s', (url, shown) => {
    expect(maskUrl(url)).toBe(shown);
  });

  it('knows loopback hosts', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'api.localhost']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['example.com', '10.0.0.1', '128.0.0.1', 'localhost.example.com']) expect(isLoopbackHost(h)).toBe(false);
  });
});
