// A strict JSON scanner that validates the text and reports what JSON.parse
// hides: where a syntax error is (line:column on every Node version), which
// keys appear twice (JSON.parse silently keeps the last) and the order of the
// server aliases as written (Object.keys moves integer-like keys first).
// It builds no values; JSON.parse does that once the scan has passed.

/** Where a key was written (1-based line and column). */
export interface KeyPos {
  key: string;
  line: number;
  column: number;
}

/** A key written twice in one object. */
export interface DuplicateKey {
  /** Path of the object holding the key, e.g. `['mcpServers']`. */
  path: Array<string | number>;
  first: KeyPos;
  second: KeyPos;
}

/** What the scan learnt about a syntactically valid text. */
export interface ScanResult {
  /** Keys of the top-level `mcpServers` object in file order (last occurrence if repeated). */
  serverKeys: KeyPos[];
  /** Duplicates at the top level and anywhere inside `mcpServers`. */
  duplicates: DuplicateKey[];
}

/** Invalid JSON, with a 1-based position. */
export class JsonSyntaxError extends Error {
  readonly code = 'json-syntax';
  constructor(message: string, readonly line: number, readonly column: number) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** Deeper nesting than this is refused (a config never needs it; recursion must stay bounded). */
export const MAX_JSON_DEPTH = 200;

/** Validates `text` as JSON and collects server key order and duplicate keys; throws JsonSyntaxError. */
export function scanJson(text: string): ScanResult {
  const s = new Scanner(text);
  s.ws();
  if (s.pos >= text.length) s.fail('the file is empty');
  s.value([], 0);
  s.ws();
  if (s.pos < text.length) s.fail(`unexpected ${s.describe()} after the end of the JSON value`);
  return {serverKeys: [...s.serverKeys.values()], duplicates: s.duplicates};
}

class Scanner {
  pos = 0;
  line = 1;
  lineStart = 0;
  // A Map keeps insertion order; delete-then-set moves a repeated key to its last place.
  serverKeys = new Map<string, KeyPos>();
  duplicates: DuplicateKey[] = [];

  constructor(private readonly text: string) {}

  fail(message: string): never {
    throw new JsonSyntaxError(message, this.line, this.pos - this.lineStart + 1);
  }

  describe(): string {
    if (this.pos >= this.text.length) return 'end of file';
    const ch = String.fromCodePoint(this.text.codePointAt(this.pos) ?? 0);
    return /^[\x21-\x7e]$/.test(ch) ? `'${ch}'` : `character U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }

  // Whitespace is the only place a valid text has line breaks, so the line
  // counter is maintained here and nowhere else.
  ws(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x09 || c === 0x0d) this.pos++;
      else if (c === 0x0a) { this.pos++; this.line++; this.lineStart = this.pos; }
      else if (c === 0x2f && (t[this.pos + 1] === '/' || t[this.pos + 1] === '*')) this.fail('comments are not allowed in JSON');
      else return;
    }
  }

  value(path: Array<string | number>, depth: number): void {
    if (depth > MAX_JSON_DEPTH) this.fail(`nested more than ${MAX_JSON_DEPTH} levels deep`);
    const c = this.text[this.pos];
    if (c === '{') this.object(path, depth);
    else if (c === '[') this.array(path, depth);
    else if (c === '"') this.string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) this.number();
    else if (!this.literal('true') && !this.literal('false') && !this.literal('null')) {
      this.fail(`unexpected ${this.describe()}, expected a value`);
    }
  }

  private literal(word: string): boolean {
    if (!this.text.startsWith(word, this.pos)) return false;
    this.pos += word.length;
    return true;
  }

  private object(path: Array<string | number>, depth: number): void {
    this.pos++; // {
    const tracked = path.length === 0 || path[0] === 'mcpServers';
    const isServers = path.length === 1 && path[0] === 'mcpServers';
    const seen = new Map<string, KeyPos>();
    if (isServers) this.serverKeys = new Map();
    this.ws();
    if (this.text[this.pos] === '}') { this.pos++; return; }
    for (;;) {
      if (this.text[this.pos] !== '"') {
        this.fail(this.text[this.pos] === '}' ? "trailing comma before '}'" : `expected a property name in double quotes, found ${this.describe()}`);
      }
      const at = {line: this.line, column: this.pos - this.lineStart + 1};
      const start = this.pos;
      this.string();
      const raw = this.text.slice(start + 1, this.pos - 1);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      if (tracked) {
        const pos: KeyPos = {key, ...at};
        const prev = seen.get(key);
        if (prev) this.duplicates.push({path, first: prev, second: pos});
        seen.set(key, pos);
        if (isServers) {
          this.serverKeys.delete(key);
          this.serverKeys.set(key, pos);
        }
      }
      this.ws();
      if (this.text[this.pos] !== ':') this.fail(`expected ':' after the property name, found ${this.describe()}`);
      this.pos++;
      this.ws();
      this.value([...path, key], depth + 1);
      this.ws();
      const c = this.text[this.pos];
      if (c === '}') { this.pos++; return; }
      if (c !== ',') this.fail(`expected ',' or '}' after a property value, found ${this.describe()}`);
      this.pos++;
      this.ws();
    }
  }

  private array(path: Array<string | number>, depth: number): void {
    this.pos++; // [
    this.ws();
    if (this.text[this.pos] === ']') { this.pos++; return; }
    for (let i = 0; ; i++) {
      if (this.text[this.pos] === ']') this.fail("trailing comma before ']'");
      this.value([...path, i], depth + 1);
      this.ws();
      const c = this.text[this.pos];
      if (c === ']') { this.pos++; return; }
      if (c !== ',') this.fail(`expected ',' or ']' after an array element, found ${this.describe()}`);
      this.pos++;
      this.ws();
    }
  }

  private string(): void {
    const t = this.text;
    this.pos++; // opening quote
    for (;;) {
      const c = t.charCodeAt(this.pos);
      if (Number.isNaN(c)) this.fail('unterminated string');
      if (c === 0x22) { this.pos++; return; }
      if (c < 0x20) this.fail(c === 0x0a ? 'line break inside a string (write it as \\n)' : 'control character inside a string');
      if (c === 0x5c) {
        const e = t[this.pos + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(this.pos + 2, this.pos + 6))) this.fail('invalid \\u escape (expected four hex digits)');
          this.pos += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.pos += 2;
        else this.fail(`invalid escape '\\${e ?? ''}' inside a string`);
      } else this.pos++;
    }
  }

  private number(): void {
    const m = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    m.lastIndex = this.pos;
    const hit = m.exec(this.text);
    if (!hit) this.fail(`invalid number`);
    this.pos += hit[0].length;
    const next = this.text[this.pos];
    if (next !== undefined && /[0-9A-Za-z.+-]/.test(next)) this.fail('invalid number');
  }
}
