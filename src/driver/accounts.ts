// The port through which `/login` and `/logout` reach the remote servers'
// OAuth state (src/auth, wired by the command line).

/** What /login and /logout act on. */
export interface Accounts {
  /** Whether `alias` is a remote server that can log in. */
  has(alias: string): boolean;
  /** The next login `alias` needs may ask the user (and its stored tokens are dropped). */
  expectLogin(alias: string): void;
  /** Whether tokens for `alias` are stored (after a /login: whether the server asked for one). */
  loggedIn(alias: string): boolean;
  /** Revokes where supported and forgets the tokens; resolves to what happened, in one sentence. */
  logout(alias: string): Promise<string>;
}
