// One remote server's credentials: the Authorization header of every request,
// and what to do when the server refuses it (refresh, log in, step up).
import type {OAuthConfig} from '../config/types.js';
import type {HttpAuth, HttpChallenge} from '../transport/http-auth.js';
import {authorize} from './authorize.js';
import {configuredClient, registerClient} from './client.js';
import {discoverAuthServer, discoverResource, legacyAuthServer} from './discovery.js';
import {AuthError} from './errors.js';
import type {AuthIo, Fetch} from './http.js';
import {openLoopback, type Loopback} from './loopback.js';
import type {LoginPrompt, LoginReason} from './prompt.js';
import {alreadyRequested, selectScopes} from './scopes.js';
import type {AuthRecord, ClientRecord, TokenRecord, TokenStore} from './token-store.js';
import {expired, refresh, revoke, toTokenRecord} from './tokens.js';
import {canonicalResource} from './urls.js';
import {parseBearerChallenge, type BearerChallenge} from './www-authenticate.js';

/** What one server's auth needs. */
export interface ServerAuthOptions {
  alias: string;
  /** The URL of the MCP endpoint; tokens are only ever sent here. */
  serverUrl: string;
  config?: OAuthConfig;
  store: TokenStore;
  prompt: LoginPrompt;
  fetch?: Fetch;
  now?: () => number;
  /** How long a login waits for the browser (default 5 minutes). */
  loginTimeoutMs?: number;
}

/** The most step-ups one request may cause before its refusal stands. */
const MAX_STEP_UPS = 2;

/** OAuth 2.1 for one remote MCP server. */
export class ServerAuth implements HttpAuth {
  private record: AuthRecord;
  private busy: Promise<unknown> = Promise.resolve();
  private loginToken?: string;
  private requested = false;
  private readonly server: string;

  constructor(private readonly o: ServerAuthOptions) {
    this.server = canonicalResource(o.serverUrl);
    this.record = o.store.read(o.alias);
  }

  /** Whether tokens for this server are stored. */
  get loggedIn(): boolean {
    return this.tokens() !== undefined;
  }

  /** The next login needed is one the user asked for (`/login`): it may prompt even where background logins may not. */
  expectLogin(): void {
    this.requested = true;
    this.update((r) => delete r.tokens);
  }

  async headers(): Promise<Record<string, string>> {
    await this.busy.catch(() => {});
    let tokens = this.tokens();
    if (tokens && expired(tokens, this.now()) && tokens.refreshToken) tokens = await this.serial(() => this.tryRefresh(tokens!));
    return tokens ? {authorization: `Bearer ${tokens.accessToken}`} : {};
  }

  challenged(answer: HttpChallenge, signal?: AbortSignal): Promise<boolean> {
    return this.serial(() => this.onChallenge(answer, signal));
  }

  /** Forgets the tokens, revoking them first where the server supports it; resolves whether they were revoked. */
  async logout(signal?: AbortSignal): Promise<{hadTokens: boolean; revoked: boolean; error?: string}> {
    return this.serial(async () => {
      this.record = this.o.store.read(this.o.alias);
      const tokens = this.record.tokens;
      if (!tokens) return {hadTokens: false, revoked: false};
      const issuer = this.record.issuers[tokens.issuer];
      const client = issuer && this.clientOf(issuer.client);
      let revoked = false;
      let error: string | undefined;
      if (issuer?.metadata && client) {
        revoked = await revoke(issuer.metadata, client, this.secretOf(client), tokens, this.io(signal)).catch((err: Error) => {
          error = err.message;
          return false;
        });
      }
      this.update((r) => delete r.tokens);
      return {hadTokens: true, revoked, ...(error ? {error} : {})};
    });
  }

  private async onChallenge(answer: HttpChallenge, signal?: AbortSignal): Promise<boolean> {
    this.record = this.o.store.read(this.o.alias);
    const challenge = parseBearerChallenge(answer.wwwAuthenticate);
    const current = this.tokens();
    const sent = answer.authorization?.replace(/^Bearer\s+/i, '');
    // Another request already replaced the refused token: just send again.
    if (current && sent !== current.accessToken) return true;
    if (answer.status === 403) {
      if (challenge?.error !== 'insufficient_scope') return false;
      if (answer.attempt >= MAX_STEP_UPS || alreadyRequested(challenge.scope, current?.requestedScopes)) {
        throw new AuthError('insufficient-scope', `${this.o.alias} refused the request for lack of scope ${challenge.scope?.join(' ') ?? '(none named)'}, which a new login cannot get (already asked for, or ${MAX_STEP_UPS} step-ups tried)`);
      }
      await this.login(challenge, 'step-up', signal);
      return true;
    }
    if (answer.status !== 401) return false;
    if (current && sent === this.loginToken && answer.attempt > 0) {
      throw new AuthError('token-rejected', `${this.o.alias} refused the token its authorization server had just issued`);
    }
    if (current?.refreshToken && sent !== undefined && (await this.tryRefresh(current))) return true;
    await this.login(challenge, current ? 'expired' : 'first', signal);
    return true;
  }

  private async login(challenge: BearerChallenge | undefined, why: LoginReason, signal?: AbortSignal): Promise<void> {
    const reason: LoginReason = this.requested ? 'requested' : why;
    if (!this.o.prompt.canAsk(reason)) {
      throw new AuthError('login-required', `log in with /login ${this.o.alias} or \`breakerbox login ${this.o.alias}\``);
    }
    this.requested = false;
    const io = this.io(signal);
    const prm = await discoverResource(this.o.serverUrl, challenge?.resourceMetadata, io);
    const as = prm ? await discoverAuthServer(prm.authorizationServers[0], io) : await legacyAuthServer(this.o.serverUrl, io);
    const resource = prm?.resource ?? this.server;
    const scopes = selectScopes({
      challenge: challenge?.scope,
      resourceScopes: prm?.scopesSupported,
      configured: this.o.config?.scopes,
      previous: this.record.tokens?.requestedScopes,
      serverScopes: as.scopes_supported,
    });
    // Registrations belong to the issuer that made them (spec: Authorization Server Binding).
    const registered = this.record.issuers[as.issuer]?.client;
    const loopback = await this.openCallback(registered);
    try {
      let client = configuredClient(this.o.config, as);
      if (!client) {
        client = registered?.source === 'registered' && registered.redirectUri === loopback.redirectUri ? registered : await registerClient(as, loopback.redirectUri, scopes, io);
        const fresh = client;
        this.update((r) => (r.issuers[as.issuer] = {metadata: as, client: fresh}));
      }
      const res = await authorize({alias: this.o.alias, as, client, secret: this.secretOf(client), resource, scopes, loopback, prompt: this.o.prompt, reason, io, timeoutMs: this.o.loginTimeoutMs ?? 300_000});
      const tokens = toTokenRecord(res, {serverUrl: this.server, resource, issuer: as.issuer, ...(scopes ? {requestedScopes: scopes} : {})}, this.now());
      const kept: ClientRecord = {...client};
      if (client.source === 'config') delete kept.clientSecret;
      this.update((r) => {
        r.tokens = tokens;
        r.issuers[as.issuer] = {metadata: as, client: kept};
      });
      this.loginToken = tokens.accessToken;
    } finally {
      await loopback.close();
    }
  }

  /** The configured port, else the port a stored registration was made with (its redirect URI must match), else any. */
  private async openCallback(registered: ClientRecord | undefined): Promise<Loopback> {
    const fixed = this.o.config?.callbackPort;
    if (fixed !== undefined) return openLoopback(fixed);
    const port = registered?.redirectUri ? Number(new URL(registered.redirectUri).port) : 0;
    return openLoopback(port).catch((err) => (port !== 0 ? openLoopback(0) : Promise.reject(err)));
  }

  /** Refreshes; on failure the tokens are dropped so the next step is a new login. */
  private async tryRefresh(tokens: TokenRecord): Promise<TokenRecord | undefined> {
    const issuer = this.record.issuers[tokens.issuer];
    const client = issuer && this.clientOf(issuer.client);
    if (!issuer?.metadata || !client || !tokens.refreshToken) return undefined;
    try {
      const fresh = await refresh(issuer.metadata, client, this.secretOf(client), tokens, this.io(), () => this.now());
      this.update((r) => (r.tokens = fresh));
      return fresh;
    } catch {
      this.update((r) => delete r.tokens);
      return undefined;
    }
  }

  private tokens(): TokenRecord | undefined {
    const t = this.record.tokens;
    // Never to another server than the one the tokens were issued for (the config's URL may have changed).
    return t && t.serverUrl === this.server ? t : undefined;
  }

  private clientOf(stored: ClientRecord | undefined): ClientRecord | undefined {
    if (stored?.source !== 'config') return stored;
    // A configured client may have changed in the config since: the config wins.
    return this.o.config?.clientId === stored.clientId ? stored : undefined;
  }

  private secretOf(client: ClientRecord): string | undefined {
    return client.source === 'config' ? this.o.config?.clientSecret : client.clientSecret;
  }

  private update(change: (r: AuthRecord) => void): void {
    this.record = this.o.store.read(this.o.alias);
    change(this.record);
    this.o.store.write(this.o.alias, this.record);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.busy.catch(() => {}).then(fn);
    this.busy = run;
    return run;
  }

  private io(signal?: AbortSignal): AuthIo {
    return {fetch: this.o.fetch ?? fetch, ...(signal ? {signal} : {})};
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }
}
