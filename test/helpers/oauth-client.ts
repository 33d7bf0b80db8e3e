// Test stand-ins for the user's browser and for the HTTP transport's request loop.
import type {LoginPrompt, LoginRequest} from '../../src/auth/prompt.js';
import type {ServerAuth} from '../../src/auth/server-auth.js';
import {sendWithAuth} from '../../src/transport/http-auth.js';

/** A prompt whose "browser" follows the authorization URL's redirects to the loopback, like the conformance BROWSER hook. */
export function browserPrompt(mode: 'follow' | 'paste' = 'follow'): LoginPrompt & {shown: LoginRequest[]; pages: string[]} {
  const prompt = {
    shown: [] as LoginRequest[],
    pages: [] as string[],
    canAsk: () => true,
    show(request: LoginRequest) {
      prompt.shown.push(request);
      void (async () => {
        if (mode === 'follow') {
          const res = await fetch(request.url);
          prompt.pages.push(await res.text());
          return;
        }
        const res = await fetch(request.url, {redirect: 'manual'});
        await request.paste(res.headers.get('location')!).catch((err: Error) => prompt.pages.push(err.message));
      })();
    },
  };
  return prompt;
}

/** One JSON-RPC POST through the same loop the HTTP transport uses. */
export async function rpc(auth: ServerAuth, url: string, method: string): Promise<{status: number; body: any}> {
  const res = await sendWithAuth(auth, (headers) =>
    fetch(url, {method: 'POST', headers: {'content-type': 'application/json', ...headers}, body: JSON.stringify({jsonrpc: '2.0', id: 1, method})}),
  );
  return {status: res.status, body: await res.json()};
}
