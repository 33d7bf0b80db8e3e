// The TUI's login prompt (src/driver/login-dialog.ts): asks through the app's
// request dialogs, opens the browser only on the user's key.
import {describe, expect, it, vi} from 'vitest';
import type {LoginRequest} from '../../src/auth/prompt.js';
import {dialogPrompt} from '../../src/driver/login-dialog.js';
import type {InputRequestView} from '../../src/state/app-state.js';

const URL_ = 'https://auth.example.com/authorize?client_id=abc&state=xyz';

describe('the TUI login prompt', () => {
  const request = () => {
    const over = new AbortController();
    return {
      alias: 'notes', url: URL_, redirectUri: 'http://127.0.0.1:4567/callback', issuer: 'https://auth.example.com', reason: 'requested' as const,
      paste: vi.fn(async () => over.abort()), cancel: vi.fn(() => over.abort()), signal: over.signal,
    } satisfies LoginRequest;
  };

  it('asks only when the user asked for it or in the middle of their work', () => {
    const prompt = dialogPrompt(async () => ({action: 'cancel'}), {});
    expect(prompt.canAsk('requested')).toBe(true);
    expect(prompt.canAsk('step-up')).toBe(true);
    expect(prompt.canAsk('first')).toBe(false);
    expect(prompt.canAsk('expired')).toBe(false);
  });

  it('opens the page only on the key, through BROWSER, keeps waiting, then takes a pasted address', async () => {
    const answers = [{action: 'accept' as const}, {action: 'accept' as const, content: {redirect: 'http://127.0.0.1:4567/callback?code=c&state=s'}}];
    const asked: string[] = [];
    const ask = vi.fn(async (r: Omit<InputRequestView, 'requestId'>) => {
      asked.push(r.message);
      return answers.shift()!;
    });
    const req = request();
    dialogPrompt(ask, {BROWSER: 'true'}).show(req);
    await vi.waitFor(() => expect(req.paste).toHaveBeenCalledWith('http://127.0.0.1:4567/callback?code=c&state=s'));
    expect(asked[1]).toMatch(/Opened with true; waiting for the browser/);
    expect(ask.mock.calls[0][0]).toMatchObject({alias: 'notes', kind: 'login', url: URL_});
  });

  it('says so in the dialog when the browser command fails after it started, and keeps the login open', async () => {
    const asked: string[] = [];
    let calls = 0;
    const ask = vi.fn(async (r: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal) => {
      asked.push(r.message);
      calls++;
      if (calls === 1) return {action: 'accept' as const};
      if (calls === 2) {
        // The dialog stays up until something takes it down: here, the browser command's failure.
        await new Promise((resolve) => signal?.addEventListener('abort', resolve, {once: true}));
        return {action: 'cancel' as const};
      }
      return {action: 'accept' as const, content: {redirect: 'http://127.0.0.1:4567/callback?code=c&state=s'}};
    });
    const req = request();
    dialogPrompt(ask, {BROWSER: 'false'}).show(req);
    await vi.waitFor(() => expect(req.paste).toHaveBeenCalled());
    expect(asked[1]).toMatch(/Opened with false; waiting for the browser/);
    expect(asked[2]).toMatch(/The browser command failed \(exit status 1\): open the address yourself/);
    expect(req.cancel).not.toHaveBeenCalled();
  });

  it('cancels the login on Esc', async () => {
    const req = request();
    dialogPrompt(async () => ({action: 'cancel'}), {}).show(req);
    await vi.waitFor(() => expect(req.cancel).toHaveBeenCalled());
  });
});
