// The bench's check that Node printed nothing of its own on a worker's stderr
// (#17: no MaxListenersExceededWarning or any other warning under load).
import {describe, expect, it} from 'vitest';
import {nodeWarningsIn} from '../../bench/lib/runner.js';

describe('nodeWarningsIn', () => {
  it('finds the warnings Node prints, and nothing else', () => {
    const stderr = [
      'bench-server: started',
      '(node:4242) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 drain listeners added to [Socket].',
      '(Use `node --trace-warnings ...` to show where the warning was created)',
      '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
      'a line that mentions Warning in passing',
    ].join('\n');
    expect(nodeWarningsIn(stderr)).toEqual([
      '(node:4242) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 drain listeners added to [Socket].',
      '(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
    ]);
    expect(nodeWarningsIn('')).toEqual([]);
  });
});
