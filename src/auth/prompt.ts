// How a login reaches the user. The auth layer knows nothing of terminals:
// the TUI, --print and `breakerbox login` each bring their own prompt.

/** Why a login is needed now (the prompt words it). */
export type LoginReason = 'first' | 'expired' | 'step-up' | 'requested';

/** One login waiting for the user's browser. */
export interface LoginRequest {
  alias: string;
  /** The authorization URL to open. */
  url: string;
  /** Where the browser comes back: `http://127.0.0.1:<port>/callback`. */
  redirectUri: string;
  issuer: string;
  scopes?: string[];
  reason: LoginReason;
  /** Hands in the final redirect URL by hand, when the browser cannot reach this machine; rejects when it is not the awaited one. */
  paste(redirectUrl: string): Promise<void>;
  cancel(): void;
  /** Aborts when the login is over, whichever way. */
  signal: AbortSignal;
}

/** Shows logins to the user. */
export interface LoginPrompt {
  /** Whether the user can be asked now; when not, the server is marked "needs login". */
  canAsk(reason: LoginReason): boolean;
  show(request: LoginRequest): void;
}

/** A prompt that never asks: every needed login fails with `login-required`. */
export const neverAsk: LoginPrompt = {
  canAsk: () => false,
  show: () => {},
};
