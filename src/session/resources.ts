// Resources in both eras: `resources/list` and `resources/templates/list`
// (paginated, same guards as tools), `resources/read` (MRTR in the modern
// era), subscriptions. Only when the server declared `resources`.
import {ProtocolViolationError} from '../connection/errors.js';
import type {Resource, ResourceContents, ResourceTemplate} from './mcp-types.js';
import {isRecord, listAllPages, stringMember, type DroppedItem, type ListKind, type ListOptions, type PageRecord} from './paginate.js';
import {CapabilityError, onListChanged, watchResource, type ListenPort} from './subscriptions.js';

/** What the resource client needs from a session. */
export interface ResourcePort extends ListenPort {
  /** One page or one read, era metadata added; `rounds` answers MRTR input requests. */
  list(method: string, cursor: string | undefined, timeoutMs?: number): Promise<Record<string, unknown>>;
  rounds(method: string, params: Record<string, unknown>, subject: string, options: {timeoutMs?: number; signal?: AbortSignal}): Promise<Record<string, unknown>>;
}

/** Every resource (or template) across pages, with what was dropped and why. */
export interface ResourceListing<T> {
  items: T[];
  dropped: DroppedItem[];
  pages: PageRecord[];
}

const optionalStrings = (item: Record<string, unknown>, keys: string[]): string | undefined => {
  const bad = keys.find((k) => item[k] !== undefined && typeof item[k] !== 'string');
  return bad ? `${bad} is not a string` : undefined;
};

const RESOURCES: ListKind = {
  method: 'resources/list',
  key: 'resources',
  identity: (r) => stringMember(r, 'uri'),
  problem: (r) => (!isRecord(r) ? 'not an object' : typeof r.uri !== 'string' || r.uri === '' ? 'no uri' : optionalStrings(r, ['name', 'title', 'description', 'mimeType'])),
  duplicate: 'duplicate uri (the first one is kept)',
};

const TEMPLATES: ListKind = {
  method: 'resources/templates/list',
  key: 'resourceTemplates',
  identity: (r) => stringMember(r, 'uriTemplate'),
  problem: (r) => (!isRecord(r) ? 'not an object' : typeof r.uriTemplate !== 'string' || r.uriTemplate === '' ? 'no uriTemplate' : optionalStrings(r, ['name', 'title', 'description', 'mimeType'])),
  duplicate: 'duplicate uriTemplate (the first one is kept)',
};

/** `session.resources`: listing, reading and watching a server's resources. */
export class ResourceClient {
  constructor(private readonly port: ResourcePort) {}

  /** Whether the server declared the `resources` capability. */
  get offered(): boolean {
    return isRecord(this.port.capabilities.resources);
  }

  async list(options: ListOptions & {timeoutMs?: number} = {}): Promise<ResourceListing<Resource>> {
    this.require();
    return listAllPages<Resource>((cursor) => this.port.list(RESOURCES.method, cursor, options.timeoutMs), RESOURCES, this.port.label, options);
  }

  async templates(options: ListOptions & {timeoutMs?: number} = {}): Promise<ResourceListing<ResourceTemplate>> {
    this.require();
    return listAllPages<ResourceTemplate>((cursor) => this.port.list(TEMPLATES.method, cursor, options.timeoutMs), TEMPLATES, this.port.label, options);
  }

  /** `resources/read`: every part has a URI and either text or a base64 blob. */
  async read(uri: string, options: {timeoutMs?: number; signal?: AbortSignal} = {}): Promise<ResourceContents[]> {
    this.require();
    const result = await this.port.rounds('resources/read', {uri}, uri, options);
    if (!Array.isArray(result.contents)) throw new ProtocolViolationError(`resources/read ${uri}: the result has no "contents" array`);
    return result.contents.map((part, i) => {
      const problem = contentsProblem(part);
      if (problem) throw new ProtocolViolationError(`resources/read ${uri}: contents[${i}] ${problem}`);
      return part as ResourceContents;
    });
  }

  /** Calls `onUpdated` whenever the server says the resource changed; resolves to the function that stops it. */
  async subscribe(uri: string, onUpdated: (uri: string) => void): Promise<() => void> {
    this.require();
    return watchResource(this.port, uri, onUpdated);
  }

  /** Calls `listener` when the resource list changes. */
  onListChanged(listener: () => void): () => void {
    return this.offered ? onListChanged(this.port, 'resources', listener) : () => {};
  }

  private require(): void {
    if (!this.offered) throw new CapabilityError(`${this.port.label} does not offer resources (its capabilities have no "resources")`);
  }
}

function contentsProblem(part: unknown): string | undefined {
  if (!isRecord(part)) return 'is not an object';
  if (typeof part.uri !== 'string') return 'has no uri';
  if (typeof part.text !== 'string' && typeof part.blob !== 'string') return 'has neither text nor blob';
  if (part.mimeType !== undefined && typeof part.mimeType !== 'string') return 'has a mimeType that is not a string';
  return undefined;
}
