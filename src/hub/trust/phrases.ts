// Phrases aimed at the model rather than at the user. Every pattern is
// bounded (no unbounded repeats next to each other) so a hostile description
// scans in linear time. They are hints for a person to read, not proof.
//
// Each pattern also lists words every match contains (`needs`): a text that
// lacks them is not searched. V8 compiles a pattern at its first search, and
// these six, with their case-insensitive alternations, took ~10 ms of CPU to
// compile in every run that read a finding (issue #18), though nearly no
// tool text contains them. The words are lowercase ASCII, so they are looked
// for in the text lowercased: a case-insensitive pattern (without the `u`
// flag) matches ASCII letters only with ASCII letters, and lowercasing keeps
// every ASCII letter in place, so no match can be skipped.

/** One instruction-like pattern and what it suggests. */
export interface InstructionPattern {
  pattern: RegExp;
  why: string;
  /** Word groups: every match contains a word of each group (lowercase ASCII). */
  needs: ReadonlyArray<readonly string[]>;
}

const SECRET = String.raw`(?:~?\/?\.ssh\b|id_rsa|id_ed25519|\.env\b|\/etc\/passwd|\.aws\/credentials|\.npmrc|\.netrc|private keys?|api[ _-]?keys?|secrets?|passwords?|credentials|access tokens?|bearer tokens?)`;

const SECRET_WORDS = ['.ssh', 'id_rsa', 'id_ed25519', '.env', '/etc/passwd', '.aws/credentials', '.npmrc', '.netrc', 'private key', 'api', 'secret', 'password', 'credentials', 'access token', 'bearer token'];

export const INSTRUCTION_PATTERNS: readonly InstructionPattern[] = [
  {
    pattern: /\b(?:ignore|disregard|forget|override)\s(?:\w+\s){0,3}?(?:previous|prior|above|earlier|other|system|all)\s(?:\w+\s){0,2}?(?:instructions?|prompts?|rules|messages|guidelines)\b/gi,
    why: 'tells the model to set aside its instructions',
    needs: [['ignore', 'disregard', 'forget', 'override'], ['instruction', 'prompt', 'rules', 'messages', 'guidelines']],
  },
  {
    pattern: /<\/?\s{0,3}(?:important|system|instructions?|secret|hidden|admin|critical)\b[^<>\n]{0,40}>/gi,
    why: 'a marker written for the model',
    needs: [['<'], ['important', 'system', 'instruction', 'secret', 'hidden', 'admin', 'critical']],
  },
  {
    pattern: /\b(?:before|after|instead of|prior to)\s(?:using|calling|running|invoking)\s(?:any|every|all|other|another|each)\b/gi,
    why: 'instructions about other tools',
    needs: [['before', 'after', 'instead of', 'prior to'], ['using', 'calling', 'running', 'invoking']],
  },
  {
    pattern: new RegExp(String.raw`\b(?:read|open|cat|send|pass|include|upload|forward|attach|copy|exfiltrate|leak|post)\b[^.\n]{0,60}?${SECRET}`, 'gi'),
    why: 'asks for files or secrets',
    needs: [SECRET_WORDS],
  },
  {
    pattern: /\b(?:do not|don't|never)\s(?:tell|inform|mention|reveal|show|alert|notify)\s(?:this\s|it\s|that\s)?(?:to\s)?(?:the\s)?user\b/gi,
    why: 'asks the model to keep something from the user',
    needs: [['do not', "don't", 'never'], ['user']],
  },
  {
    pattern: /\b(?:the user|you) (?:has|have) (?:already )?(?:approved|authori[sz]ed|consented)\b/gi,
    why: 'claims an approval',
    needs: [['approved', 'authori', 'consented']],
  },
];

/** True when `lower` (a text lowercased) has a word of every group of `needs`. */
export function mayMatch(lower: string, needs: InstructionPattern['needs']): boolean {
  for (let g = 0; g < needs.length; g++) {
    const words = needs[g]!;
    let found = false;
    for (let w = 0; !found && w < words.length; w++) found = lower.includes(words[w]!);
    if (!found) return false;
  }
  return true;
}
