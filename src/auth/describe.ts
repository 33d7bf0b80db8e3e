/** What `logout` did, in one sentence for the user. */
export function describeLogout(alias: string, r: {hadTokens: boolean; revoked: boolean; error?: string}): string {
  if (!r.hadTokens) return `${alias}: there was no saved login`;
  if (r.error) return `logged out of ${alias}: revoking at the server failed (${r.error}); the tokens are forgotten here`;
  if (r.revoked) return `logged out of ${alias}: the tokens were revoked at the server and forgotten here`;
  return `logged out of ${alias}: the tokens are forgotten here (the server offers no revocation, so they stay valid there until they expire)`;
}
