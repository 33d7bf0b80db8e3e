// Syntax highlighting of closed code fences with highlight.js, offline. Its
// core and each grammar are loaded on first use (synchronously, from its
// CommonJS build), so the app starts without the ~190 grammars; lowlight
// would give a tree instead of HTML, but its entry point loads every grammar
// (0.3-0.6 s here). highlight.js's HTML is a fixed, small shape (nested
// <span class="…"> and five entities) that `htmlToSegs` reads.
import {createRequire} from 'node:module';
import type {Seg} from '../line.js';
import type {Tone} from '../theme.js';

interface Hljs {
  highlight(code: string, o: {language: string; ignoreIllegals: boolean}): {value: string};
  getLanguage(name: string): unknown;
  registerLanguage(name: string, grammar: unknown): void;
}

const require = createRequire(import.meta.url);
let hljs: Hljs | undefined;
const missing = new Set<string>();

// Names models write after ``` that are not highlight.js file names.
const ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  ts: 'typescript', tsx: 'typescript', mts: 'typescript',
  py: 'python', python3: 'python', sh: 'bash', shell: 'bash', zsh: 'bash', console: 'shell',
  jsonc: 'json', json5: 'json', yml: 'yaml', html: 'xml', svg: 'xml', htm: 'xml',
  rs: 'rust', golang: 'go', 'c++': 'cpp', cc: 'cpp', hpp: 'cpp', h: 'c', cs: 'csharp', 'c#': 'csharp',
  rb: 'ruby', kt: 'kotlin', md: 'markdown', toml: 'ini', docker: 'dockerfile', make: 'makefile',
  pl: 'perl', hs: 'haskell', ex: 'elixir', exs: 'elixir', ps1: 'powershell', gql: 'graphql',
  proto: 'protobuf', patch: 'diff', tf: 'ini', vue: 'xml',
};

/** The highlight.js grammar name for a fence's language, loading it; undefined when there is none. */
export function grammarFor(lang: string): string | undefined {
  const key = lang.trim().toLowerCase().split(/[\s{,]/)[0] ?? '';
  const name = ALIASES[key] ?? key;
  if (!/^[a-z0-9-]{1,32}$/.test(name) || missing.has(name) || /^(text|plain|plaintext|txt|output|none)$/.test(name)) return undefined;
  try {
    hljs ??= require('highlight.js/lib/core') as Hljs;
    if (!hljs.getLanguage(name)) hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`));
    return name;
  } catch {
    missing.add(name);
    return undefined;
  }
}

/** `code` highlighted as `grammar` (from `grammarFor`), one array of segments per line. */
export function highlightLines(code: string, grammar: string): Seg[][] {
  return htmlToSegs(hljs!.highlight(code, {language: grammar, ignoreIllegals: true}).value);
}

const SCOPE_TONES: ReadonlyArray<readonly [RegExp, Tone]> = [
  [/^(comment|quote|doctag)/, 'syntax-comment'],
  [/^(string|regexp|char|symbol|template-tag|link)/, 'syntax-string'],
  [/^(number|literal)/, 'syntax-number'],
  [/^(keyword|selector-tag|operator)/, 'syntax-keyword'],
  [/^(title|section|name|selector-id|selector-class)/, 'syntax-title'],
  [/^(type|built_in|class)/, 'syntax-type'],
  [/^(attr|attribute|property|variable|template-variable|params)/, 'syntax-attr'],
  [/^(meta|tag)/, 'syntax-meta'],
  [/^addition/, 'ok'],
  [/^deletion/, 'error'],
];

function toneOf(scope: string): Tone | undefined {
  for (const [re, tone] of SCOPE_TONES) if (re.test(scope)) return tone;
  return undefined;
}

const ENTITY: Readonly<Record<string, string>> = {'&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'"};

/** highlight.js HTML → lines of toned segments; the innermost span with a known tone wins. */
export function htmlToSegs(html: string): Seg[][] {
  const lines: Seg[][] = [[]];
  const stack: Array<Tone | undefined> = [];
  const re = /<span class="([^"]*)">|<\/span>|([^<]+)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1] !== undefined) {
      // `language-xml` spans (embedded languages) take their parent's tone.
      const scope = m[1].startsWith('hljs-') ? toneOf(m[1].slice(5)) : undefined;
      stack.push(scope ?? stack[stack.length - 1]);
      continue;
    }
    if (m[2] === undefined) {
      stack.pop();
      continue;
    }
    const tone = stack[stack.length - 1];
    const text = m[2].replace(/&(lt|gt|amp|quot|#x27|#39);/g, (e) => ENTITY[e]!);
    text.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines[lines.length - 1]!.push(tone ? {text: part, tone} : {text: part});
    });
  }
  return lines;
}
