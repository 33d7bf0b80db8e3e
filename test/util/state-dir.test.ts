import {homedir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {stateDir} from '../../src/util/state-dir.js';

describe('stateDir', () => {
  it('is under XDG_STATE_HOME when it is absolute, else under HOME, else under the account’s home', () => {
    expect(stateDir({XDG_STATE_HOME: '/xdg', HOME: '/home/u'})).toBe('/xdg/breakerbox');
    expect(stateDir({XDG_STATE_HOME: 'relative', HOME: '/home/u'})).toBe('/home/u/.local/state/breakerbox');
    // node:os is asked only here (src/util/state-dir.ts loads it on demand).
    expect(stateDir({})).toBe(join(homedir(), '.local', 'state', 'breakerbox'));
  });
});
