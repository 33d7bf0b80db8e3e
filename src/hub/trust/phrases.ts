// Phrases aimed at the model rather than at the user. Every pattern is
// bounded (no unbounded repeats next to each other) so a hostile description
// scans in linear time. They are hints for a person to read, not proof.

/** One instruction-like pattern and what it suggests. */
export interface InstructionPattern {
  pattern: RegExp;
  why: string;
}

const SECRET = String.raw`(?:~?\/?\.ssh\b|id_rsa|id_ed25519|\.env\b|\/etc\/passwd|\.aws\/credentials|\.npmrc|\.netrc|private keys?|api[ _-]?keys?|secrets?|passwords?|credentials|access tokens?|bearer tokens?)`;

export const INSTRUCTION_PATTERNS: readonly InstructionPattern[] = [
  {pattern: /\b(?:ignore|disregard|forget|override)\s(?:\w+\s){0,3}?(?:previous|prior|above|earlier|other|system|all)\s(?:\w+\s){0,2}?(?:instructions?|prompts?|rules|messages|guidelines)\b/gi, why: 'tells the model to set aside its instructions'},
  {pattern: /<\/?\s{0,3}(?:important|system|instructions?|secret|hidden|admin|critical)\b[^<>\n]{0,40}>/gi, why: 'a marker written for the model'},
  {pattern: /\b(?:before|after|instead of|prior to)\s(?:using|calling|running|invoking)\s(?:any|every|all|other|another|each)\b/gi, why: 'instructions about other tools'},
  {pattern: new RegExp(String.raw`\b(?:read|open|cat|send|pass|include|upload|forward|attach|copy|exfiltrate|leak|post)\b[^.\n]{0,60}?${SECRET}`, 'gi'), why: 'asks for files or secrets'},
  {pattern: /\b(?:do not|don't|never)\s(?:tell|inform|mention|reveal|show|alert|notify)\s(?:this\s|it\s|that\s)?(?:to\s)?(?:the\s)?user\b/gi, why: 'asks the model to keep something from the user'},
  {pattern: /\b(?:the user|you) (?:has|have) (?:already )?(?:approved|authori[sz]ed|consented)\b/gi, why: 'claims an approval'},
];
