// RFC 9110 §11.6.1 challenges: `scheme token68` or `scheme name=value, …`,
// several challenges per header. We only read the Bearer one (RFC 6750 §3):
// resource_metadata (RFC 9728 §5.1), scope, error, error_description.

/** The parameters of a Bearer challenge that authorization acts on. */
export interface BearerChallenge {
  resourceMetadata?: string;
  scope?: string[];
  error?: string;
  errorDescription?: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/** Reads the Bearer challenge out of a WWW-Authenticate header; undefined when there is none. */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  for (const challenge of parseChallenges(header)) {
    if (challenge.scheme.toLowerCase() !== 'bearer') continue;
    const p = challenge.params;
    const scope = p.scope?.split(/\s+/).filter(Boolean);
    return {
      ...(p.resource_metadata ? {resourceMetadata: p.resource_metadata} : {}),
      ...(scope?.length ? {scope} : {}),
      ...(p.error ? {error: p.error} : {}),
      ...(p.error_description ? {errorDescription: p.error_description} : {}),
    };
  }
  return undefined;
}

interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

function parseChallenges(header: string): Challenge[] {
  const out: Challenge[] = [];
  let rest = header;
  let current: Challenge | undefined;
  for (;;) {
    rest = rest.replace(/^[\s,]+/, '');
    const name = TOKEN.exec(rest)?.[0];
    if (!name) break;
    rest = rest.slice(name.length);
    const afterSpace = rest.replace(/^\s+/, '');
    if (afterSpace.startsWith('=') && !afterSpace.startsWith('==') && current) {
      // name = value: a parameter of the current challenge.
      rest = afterSpace.slice(1).replace(/^\s+/, '');
      const [value, remaining] = readValue(rest);
      rest = remaining;
      const key = name.toLowerCase();
      if (!(key in current.params)) current.params[key] = value;
      continue;
    }
    // A new scheme; a token68 after it is skipped (Bearer challenges use parameters).
    current = {scheme: name, params: Object.create(null) as Record<string, string>};
    out.push(current);
    rest = afterSpace;
    const token68 = /^[A-Za-z0-9\-._~+/]+=*(?=\s*(,|$))/.exec(rest);
    if (token68 && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*=[^=]/.test(rest)) rest = rest.slice(token68[0].length);
  }
  return out;
}

function readValue(text: string): [string, string] {
  if (!text.startsWith('"')) {
    const m = TOKEN.exec(text)?.[0] ?? /^[^,\s]*/.exec(text)![0];
    return [m, text.slice(m.length)];
  }
  let value = '';
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) value += text[++i];
    else if (c === '"') return [value, text.slice(i + 1)];
    else value += c;
  }
  return [value, ''];
}
