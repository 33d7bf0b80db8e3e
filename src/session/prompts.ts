// Prompts and argument completion in both eras: `prompts/list` (paginated,
// same guards as tools), `prompts/get` (MRTR in the modern era) and
// `completion/complete`. Only when the server declared the capability.
import {ProtocolViolationError} from '../connection/errors.js';
import type {Completion, CompletionRef, GetPromptResult, Prompt} from './mcp-types.js';
import {isRecord, listAllPages, stringMember, type ListKind, type ListOptions} from './paginate.js';
import type {ResourceListing, ResourcePort} from './resources.js';
import {CapabilityError, onListChanged} from './subscriptions.js';

const PROMPTS: ListKind = {
  method: 'prompts/list',
  key: 'prompts',
  identity: (p) => stringMember(p, 'name'),
  problem: promptProblem,
  duplicate: 'duplicate name (the first one is kept)',
};

/** The spec's cap on completion values per answer. */
const MAX_COMPLETIONS = 100;

/** `session.prompts`: listing and getting a server's prompts, completing their arguments. */
export class PromptClient {
  constructor(private readonly port: ResourcePort) {}

  /** Whether the server declared the `prompts` capability. */
  get offered(): boolean {
    return isRecord(this.port.capabilities.prompts);
  }

  /** Whether the server declared `completions`. */
  get completes(): boolean {
    return isRecord(this.port.capabilities.completions);
  }

  async list(options: ListOptions & {timeoutMs?: number} = {}): Promise<ResourceListing<Prompt>> {
    this.require();
    return listAllPages<Prompt>((cursor) => this.port.list(PROMPTS.method, cursor, options.timeoutMs), PROMPTS, this.port.label, options);
  }

  /** `prompts/get` with string arguments; every message has a role and a content block. */
  async get(name: string, args: Record<string, string>, options: {timeoutMs?: number; signal?: AbortSignal} = {}): Promise<GetPromptResult> {
    this.require();
    const result = await this.port.rounds('prompts/get', {name, arguments: args}, name, options);
    if (!Array.isArray(result.messages)) throw new ProtocolViolationError(`prompts/get ${name}: the result has no "messages" array`);
    result.messages.forEach((m, i) => {
      const problem = messageProblem(m);
      if (problem) throw new ProtocolViolationError(`prompts/get ${name}: messages[${i}] ${problem}`);
    });
    return {messages: result.messages as GetPromptResult['messages'], ...(typeof result.description === 'string' ? {description: result.description} : {})};
  }

  /** `completion/complete`: values for one argument, given the ones already chosen. */
  async complete(ref: CompletionRef, argument: {name: string; value: string}, context: Record<string, string> = {}, options: {timeoutMs?: number} = {}): Promise<Completion> {
    if (!this.completes) throw new CapabilityError(`${this.port.label} does not offer completions (its capabilities have no "completions")`);
    const params = {ref, argument, ...(Object.keys(context).length > 0 ? {context: {arguments: context}} : {})};
    const result = await this.port.rounds('completion/complete', params, argument.name, options);
    const c = result.completion;
    if (!isRecord(c) || !Array.isArray(c.values)) throw new ProtocolViolationError(`completion/complete: the result has no "completion.values" array`);
    const values = c.values.filter((v): v is string => typeof v === 'string').slice(0, MAX_COMPLETIONS);
    return {values, ...(typeof c.total === 'number' ? {total: c.total} : {}), ...(typeof c.hasMore === 'boolean' ? {hasMore: c.hasMore} : {})};
  }

  /** Calls `listener` when the prompt list changes. */
  onListChanged(listener: () => void): () => void {
    return this.offered ? onListChanged(this.port, 'prompts', listener) : () => {};
  }

  private require(): void {
    if (!this.offered) throw new CapabilityError(`${this.port.label} does not offer prompts (its capabilities have no "prompts")`);
  }
}

function promptProblem(p: unknown): string | undefined {
  if (!isRecord(p)) return 'not an object';
  if (typeof p.name !== 'string' || p.name === '') return 'no name';
  if (p.arguments === undefined) return undefined;
  if (!Array.isArray(p.arguments)) return 'arguments is not an array';
  const seen = new Set<string>();
  for (const [i, a] of p.arguments.entries()) {
    if (!isRecord(a) || typeof a.name !== 'string' || a.name === '') return `arguments[${i}] has no name`;
    if (seen.has(a.name)) return `argument ${JSON.stringify(a.name)} is listed twice`;
    seen.add(a.name);
  }
  return undefined;
}

function messageProblem(m: unknown): string | undefined {
  if (!isRecord(m)) return 'is not an object';
  if (m.role !== 'user' && m.role !== 'assistant') return `has role ${JSON.stringify(m.role)} (user or assistant expected)`;
  if (!isRecord(m.content) || typeof m.content.type !== 'string') return 'has no content block';
  return undefined;
}
