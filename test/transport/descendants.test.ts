// The per-process tag every server carries (src/transport/descendants.ts):
// random hex, read without node:crypto so that the spawn stage of the list
// modes and the TUI does not load it (test/cli/startup.test.ts checks that).
import {describe, expect, it} from 'vitest';
import {INSTANCE_TAG, randomHex} from '../../src/transport/descendants.js';

describe('randomHex', () => {
  it('gives the number of bytes asked for, as hex, different each time', () => {
    const seen = new Set(Array.from({length: 50}, () => randomHex(8)));
    for (const h of seen) expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(seen.size).toBe(50);
    expect(INSTANCE_TAG).toMatch(/^[0-9a-f]{16}$/);
  });

  it('falls back to the Web Crypto global where the device cannot be read', () => {
    const a = randomHex(8, '/nonexistent/urandom');
    const b = randomHex(8, '/nonexistent/urandom');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(a).not.toBe(b);
  });

  it('falls back as well when the device runs dry', () => {
    // /dev/null is at its end at once: no bytes, so the fallback answers.
    expect(randomHex(4, '/dev/null')).toMatch(/^[0-9a-f]{8}$/);
  });
});
