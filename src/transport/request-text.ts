// The JSON text of a tool call whose `_meta` is the same for every call.
//
// In the modern era every request carries the protocol version, the client's
// identity and capabilities and the log level in `_meta`: ~240 of a call's
// ~350 characters, identical from one call to the next. Serialising them per
// call was the largest single client cost at 64 calls in flight (~17% of the
// client's CPU, BENCHMARKS.md §11). Here that text is made once, when the
// shared `_meta` is made, and each call's text is its own parts around it.
//
// The text must stay what `JSON.stringify` of the message would say: the
// shared object is a deep copy of the given one, made from its own text and
// frozen, so the object (which traces, HTTP headers and MRTR rounds read) and
// the text cannot drift apart; and only the one shape built for it, below,
// takes the spliced path.

/** On a shared `_meta`: `,"_meta":<its text>}}`, the end of every request that carries it. */
const TAIL = Symbol('request tail');

type Frozen = Readonly<Record<string, unknown>>;

/** A frozen copy of `meta` that carries its own JSON text (for `ToolCallParams`). */
export function sharedMeta(meta: Record<string, unknown>): Frozen {
  const text = JSON.stringify(meta);
  const copy = JSON.parse(text) as Record<string, unknown>;
  // Symbol-keyed and not enumerable: JSON.stringify, spreads and Object.keys never see it.
  return deepFreeze(Object.defineProperty(copy, TAIL, {value: `,"_meta":${text}}}`, enumerable: false}));
}

/**
 * The params of a `tools/call`, in the order the wire gets them. A class, not
 * a literal, so `requestText` can tell this shape (its `_meta` last) from any
 * other params by one check; to everyone else it reads as a plain object, and
 * JSON.stringify writes it as one.
 */
export class ToolCallParams {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly _meta: Readonly<Record<string, unknown>> | undefined;
  constructor(name: string, args: Record<string, unknown>, meta?: Readonly<Record<string, unknown>>) {
    this.name = name;
    this.arguments = args;
    this._meta = meta;
  }
}

/**
 * The text of a request `{jsonrpc, id, method, params}` whose params are a
 * `ToolCallParams` with a shared `_meta`; undefined for any other message
 * (the caller then uses JSON.stringify). Equal in meaning to JSON.stringify
 * of the message: test/transport/request-text.test.ts checks it on random
 * arguments.
 */
export function requestText(message: object): string | undefined {
  const m = message as {jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown};
  const params = m.params;
  if (!(params instanceof ToolCallParams)) return undefined;
  const meta = params._meta as {[TAIL]?: string} | undefined;
  const tail = meta?.[TAIL];
  const id = m.id;
  const method = m.method;
  const name = params.name;
  if (tail === undefined || m.jsonrpc !== '2.0' || typeof id !== 'number' || !Number.isFinite(id) || typeof method !== 'string' || typeof name !== 'string') return undefined;
  if (!membersAre(message, ENVELOPE) || !membersAre(params, PARAMS)) return undefined;
  const callArgs = params.arguments as {toJSON?: unknown} | undefined;
  // A toJSON of the arguments themselves is told its key ("arguments" in the whole message, "" alone).
  if (typeof callArgs?.toJSON === 'function') return undefined;
  // JSON.stringify leaves out a member whose value it cannot write (undefined, a function).
  const args = JSON.stringify(callArgs) as string | undefined;
  if (args === undefined) return `${opening(id)},"method":${JSON.stringify(method)},"params":{"name":${JSON.stringify(name)}${tail}`;
  // Three joins of four parts: each join of long strings is a cons string of its own.
  return opening(id) + head(method, name) + args + tail;
}

const OPENING = '{"jsonrpc":"2.0","id":';
/** '000' to '999': an id's last three digits, made once. */
const LAST_DIGITS = Array.from({length: 1000}, (_, i) => String(i).padStart(3, '0'));
/** The opening up to the id's thousands, for the latest thousand (ids come in order: remade once per 1,000 requests). */
let thousands = -1;
let openingToThousands = '';

/**
 * `{"jsonrpc":"2.0","id":<id>`. The digits are not written by `String(id)`
 * or `'' + id`: those go through V8's number-to-string cache, an
 * old-generation table, which keeps each id's string alive until a later id
 * takes its slot, thousands of calls on; every such string was then
 * promoted, and died in the old generation (a mark-sweep and +7 MB of peak
 * RSS at 64 in flight). Nor by `JSON.stringify(id)` per request (a string of
 * 48 bytes and a trip through the serializer): the text up to the thousands
 * is kept for the next 1,000 ids, and the last three digits come from a table.
 */
function opening(id: number): string {
  if (id < 1000 || !Number.isSafeInteger(id)) return OPENING + JSON.stringify(id);
  const high = Math.floor(id / 1000);
  if (high !== thousands) {
    thousands = high;
    openingToThousands = OPENING + JSON.stringify(high);
  }
  return openingToThousands + LAST_DIGITS[id - high * 1000]!;
}

/** `,"method":…,"params":{"name":…,"arguments":`, made once per method and tool name (a few hundred at most kept). */
function head(method: string, name: string): string {
  const byName = heads.get(method) ?? (heads.size < 16 ? heads.set(method, new Map()).get(method)! : undefined);
  let text = byName?.get(name);
  if (text === undefined) {
    text = `,"method":${JSON.stringify(method)},"params":{"name":${JSON.stringify(name)},"arguments":`;
    if (byName && byName.size < 512) byName.set(name, text);
  }
  return text;
}

const heads = new Map<string, Map<string, string>>();

/**
 * Whether `value` has exactly these enumerable members, in this order (the
 * connection's envelope, the class's fields): anything else, such as a member
 * added to a `ToolCallParams` after it was made, goes through JSON.stringify
 * whole. A `for…in` walks the keys without making an array.
 */
function membersAre(value: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in value) {
    if (key !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}

const ENVELOPE = ['jsonrpc', 'id', 'method', 'params'];
const PARAMS = ['name', 'arguments', '_meta'];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
