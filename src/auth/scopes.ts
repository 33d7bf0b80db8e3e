// Which scopes to ask for (spec: "Scope Selection Strategy", "Step-Up
// Authorization Flow", and the refresh-token guidance on offline_access).

/** What scope selection looks at. */
export interface ScopeInputs {
  /** `scope` of the WWW-Authenticate challenge: authoritative for the current request. */
  challenge?: string[];
  /** `scopes_supported` of the Protected Resource Metadata. */
  resourceScopes?: string[];
  /** `scopes` from the server's `oauth` config: always asked for as well. */
  configured?: string[];
  /** What the last authorization asked for; kept on step-up so earlier grants are not lost. */
  previous?: string[];
  /** `scopes_supported` of the authorization server: offline_access only when listed there. */
  serverScopes?: string[];
}

/** The scopes to request, or undefined to omit the parameter (never an empty string). */
export function selectScopes(inputs: ScopeInputs): string[] | undefined {
  const base = inputs.challenge?.length ? inputs.challenge : inputs.resourceScopes?.length ? inputs.resourceScopes : undefined;
  const wanted = union(inputs.previous, base, inputs.configured);
  if (wanted.length === 0) return undefined;
  // A refresh token spares the user a login; ask for one only where the server offers it.
  if (inputs.serverScopes?.includes('offline_access') && !wanted.includes('offline_access')) wanted.push('offline_access');
  return wanted;
}

/** Whether a 403 challenge asks for nothing beyond what was already requested: a new login cannot help. */
export function alreadyRequested(challenge: string[] | undefined, requested: string[] | undefined): boolean {
  if (!challenge?.length) return true;
  const have = new Set(requested ?? []);
  return challenge.every((s) => have.has(s));
}

function union(...lists: Array<string[] | undefined>): string[] {
  const out: string[] = [];
  for (const list of lists) for (const s of list ?? []) if (!out.includes(s)) out.push(s);
  return out;
}
