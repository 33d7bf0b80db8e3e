/** A 401 or 403 answer, as the HTTP transport hands it to the auth layer. */
export interface HttpChallenge {
  status: number;
  /** The WWW-Authenticate header, verbatim. */
  wwwAuthenticate: string | null;
  /** The Authorization header the refused request carried, if any. */
  authorization?: string;
  /** How many times this same request was already sent again after a challenge (0 on the first refusal). */
  attempt: number;
}

/**
 * What the HTTP transport asks of whoever holds a server's credentials
 * (src/auth implements it). The transport sends `headers()` with every request;
 * on 401/403 it calls `challenged()` and, when that resolves true, sends the
 * same request again with fresh headers (at most three times per request).
 */
export interface HttpAuth {
  /** Headers for the next request: an Authorization header, or none. */
  headers(signal?: AbortSignal): Promise<Record<string, string>>;
  /**
   * Resolves true to retry; false to give up with the server's answer; rejects
   * with an error that tells the user what to do. An error with `needsLogin: true`
   * means only a login by the user can help (the Servers pane says "needs login").
   */
  challenged(answer: HttpChallenge, signal?: AbortSignal): Promise<boolean>;
}

/** Challenges one request may answer before the server's refusal stands. */
export const MAX_AUTH_RETRIES = 3;

/**
 * Sends a request with the auth layer's headers and answers 401/403 through it:
 * the one loop every HTTP request of a protected server goes through.
 */
export async function sendWithAuth(auth: HttpAuth | undefined, send: (headers: Record<string, string>) => Promise<Response>, signal?: AbortSignal): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const headers = auth ? await auth.headers(signal) : {};
    const res = await send(headers);
    if (!auth || (res.status !== 401 && res.status !== 403) || attempt >= MAX_AUTH_RETRIES) return res;
    let retry: boolean;
    try {
      retry = await auth.challenged({status: res.status, wwwAuthenticate: res.headers.get('www-authenticate'), authorization: headers.authorization, attempt}, signal);
    } catch (err) {
      await res.body?.cancel().catch(() => {});
      throw err;
    }
    if (!retry) return res;
    await res.body?.cancel().catch(() => {});
  }
}
