// Logins in the TUI: a dialog (a server request of kind "login" in the store)
// with the login page, opened in the browser only on the user's key, and a
// pasted redirect address for browsers elsewhere. Servers that need a first
// login at startup are not asked: they show "needs login" until the user
// types /login.
import type {InputAnswer} from '../agent/client-features.js';
import {openUrl} from '../auth/browser.js';
import type {LoginPrompt, LoginRequest} from '../auth/prompt.js';
import type {InputRequestView} from '../state/app-state.js';
import {stripControlLine} from '../util/sanitize.js';

type Ask = (request: Omit<InputRequestView, 'requestId'>, signal?: AbortSignal) => Promise<InputAnswer>;

/** A prompt that asks through the app's request dialogs. */
export function dialogPrompt(ask: Ask, env: NodeJS.ProcessEnv): LoginPrompt {
  return {
    // Asked for (/login) or needed in the middle of the user's work (step-up); never unasked at startup.
    canAsk: (reason) => reason === 'requested' || reason === 'step-up',
    show: (request) => void converse(request, ask, env),
  };
}

async function converse(request: LoginRequest, ask: Ask, env: NodeJS.ProcessEnv): Promise<void> {
  const scopes = request.scopes?.length ? ` for ${request.scopes.join(' ')}` : '';
  const why = request.reason === 'step-up' ? 'needs more permissions' : 'login';
  const intro = `${why}${scopes} at ${stripControlLine(request.issuer)}. breakerbox waits for the browser to come back to ${request.redirectUri}; if your browser runs on another machine, paste the address it ends on.`;
  let note = '';
  // Why the browser command last started failed, once it has: the dialog then says so instead of "waiting".
  let browserFailed: Promise<string> | undefined;
  while (!request.signal.aborted) {
    const asking = new AbortController();
    const stop = () => asking.abort();
    request.signal.addEventListener('abort', stop, {once: true});
    let failure: string | undefined;
    void browserFailed?.then((why) => {
      failure = why;
      asking.abort();
    });
    const answer = await ask({alias: request.alias, kind: 'login', message: intro + note, url: request.url}, asking.signal);
    request.signal.removeEventListener('abort', stop);
    if (request.signal.aborted) return;
    if (failure !== undefined) {
      browserFailed = undefined;
      note = `\nThe browser command failed (${failure}): open the address yourself, or paste where the browser ends.`;
      continue;
    }
    if (answer.action !== 'accept') return request.cancel();
    const pasted = answer.content?.redirect;
    try {
      if (typeof pasted === 'string') return await request.paste(pasted);
      const {command, failed} = await openUrl(request.url, env);
      browserFailed = failed;
      note = `\nOpened with ${command}; waiting for the browser…`;
    } catch (err) {
      note = `\n${(err as Error).message}`;
    }
  }
}
