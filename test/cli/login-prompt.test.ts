// The terminal's login prompt reads a pasted redirect address from stdin
// (node:readline, loaded only when a login asks: BENCHMARKS.md §26): each
// non-empty line goes to the login, a wrong one is said on stderr, and the
// reading stops when the login is over.
import {PassThrough} from 'node:stream';
import {describe, expect, it, vi} from 'vitest';
import type {LoginRequest} from '../../src/auth/prompt.js';
import {terminalPrompt} from '../../src/cli/login-prompt.js';

function tty(): PassThrough & {isTTY: boolean} {
  return Object.assign(new PassThrough(), {isTTY: true});
}

function request(paste: LoginRequest['paste']): {req: LoginRequest; abort: AbortController} {
  const abort = new AbortController();
  const req: LoginRequest = {alias: 'remote', url: 'https://auth.example/authorize?x=1', redirectUri: 'http://127.0.0.1:9/callback', issuer: 'https://auth.example', reason: 'first', paste, cancel: () => abort.abort(), signal: abort.signal};
  return {req, abort};
}

describe('terminalPrompt at a terminal', () => {
  it('hands each pasted line to the login, says why one was refused, and stops reading when the login ends', async () => {
    const stdin = tty();
    let err = '';
    const stderr = {write: (t: string) => (err += t), isTTY: false};
    const pasted: string[] = [];
    const paste = vi.fn(async (line: string) => {
      pasted.push(line);
      if (line.includes('wrong')) throw new Error('that is not the address this login waits for');
    });
    const {req, abort} = request(paste);
    terminalPrompt({stdin, stderr, env: {}}).show(req);
    expect(err).toMatch(/paste the address it ends on here/);

    stdin.write('\n   \nhttp://127.0.0.1:9/wrong?code=1\n');
    await vi.waitFor(() => expect(err).toMatch(/that is not the address this login waits for/));
    stdin.write('http://127.0.0.1:9/callback?code=2&state=s\n');
    await vi.waitFor(() => expect(pasted).toEqual(['http://127.0.0.1:9/wrong?code=1', 'http://127.0.0.1:9/callback?code=2&state=s']));

    abort.abort();
    stdin.write('http://127.0.0.1:9/callback?code=3\n');
    // A line written after the end is not read: the interface was closed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(paste).toHaveBeenCalledTimes(2);
  });
});

describe('terminalPrompt with a BROWSER command', () => {
  it('says so when the command started but failed, so nobody waits for a page that never opened', async () => {
    let err = '';
    const stderr = {write: (t: string) => (err += t), isTTY: false};
    terminalPrompt({stderr, env: {BROWSER: 'false'}}).show(request(async () => {}).req);
    await vi.waitFor(() => expect(err).toMatch(/• the browser command false failed \(exit status 1\); open the address above yourself\n/));
    expect(err).toContain('• opened the browser (false)\n');
  });
});
