// Reads other clients' config files and lists the server entries in them,
// untouched. A file that is missing is skipped quietly; one that cannot be
// parsed is reported and the others go on.
import {readFileSync, statSync} from 'node:fs';
import {parse as parseJsonc, printParseErrorCode, type ParseError} from 'jsonc-parser';
import {parse as parseToml} from 'smol-toml';
import {MAX_CONFIG_BYTES} from '../load.js';
import {clientFiles, type ClientFile, type ClientId, type Places} from '../other-clients.js';

/** A VS Code `inputs` entry: a value VS Code asks for when it starts the server. */
export interface VsInput {
  id: string;
  description?: string;
  password?: boolean;
}

/** One server entry as another client wrote it. */
export interface SourceServer {
  client: ClientId;
  file: ClientFile;
  /** The key under the client's server list. */
  name: string;
  raw: unknown;
  /** VS Code's declared inputs of the same file. */
  inputs: VsInput[];
}

/** What was read, and which files could not be. */
export interface SourceScan {
  servers: SourceServer[];
  /** Files that exist and hold servers (or failed), in the order read. */
  files: Array<{file: ClientFile; count: number; error?: string}>;
}

/** Reads every known file of `clients`. */
export function scanSources(clients: readonly ClientId[], places: Places): SourceScan {
  const scan: SourceScan = {servers: [], files: []};
  for (const client of clients) {
    for (const file of clientFiles(client, places)) {
      const doc = readDoc(file);
      if (doc === undefined) continue;
      if ('error' in doc) {
        scan.files.push({file, count: 0, error: doc.error});
        continue;
      }
      const block = serverBlock(doc.value, file, places.cwd);
      if (!block) continue;
      const inputs = file.container === 'servers' ? vsInputs((doc.value as {inputs?: unknown}).inputs) : [];
      const names = Object.keys(block);
      for (const name of names) scan.servers.push({client, file, name, raw: block[name], inputs});
      if (names.length) scan.files.push({file, count: names.length});
    }
  }
  return scan;
}

function readDoc(file: ClientFile): {value: unknown} | {error: string} | undefined {
  let text: string;
  try {
    if (statSync(file.path).size > MAX_CONFIG_BYTES) return {error: `larger than ${MAX_CONFIG_BYTES} bytes; not read`};
    text = readFileSync(file.path, 'utf8');
  } catch (err) {
    const code = (err as {code?: string}).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : {error: `cannot read: ${(err as Error).message}`};
  }
  if (file.format === 'toml') {
    try {
      return {value: parseToml(text)};
    } catch (err) {
      return {error: `invalid TOML: ${(err as Error).message.split('\n')[0]}`};
    }
  }
  // VS Code, Cursor and Claude's files may hold comments and trailing commas.
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, {allowTrailingComma: true});
  if (errors.length) {
    const first = errors[0]!;
    const line = text.slice(0, first.offset).split('\n').length;
    return {error: `invalid JSON at line ${line}: ${printParseErrorCode(first.error)}`};
  }
  return {value};
}

function serverBlock(doc: unknown, file: ClientFile, cwd: string): Record<string, unknown> | undefined {
  const obj = (v: unknown): Record<string, unknown> | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
  const root = obj(doc);
  if (!root) return undefined;
  switch (file.container) {
    case 'mcpServers':
      return obj(root.mcpServers);
    case 'servers':
      return obj(root.servers) ?? obj(obj(root.mcp)?.servers);
    case 'mcp_servers':
      return obj(root.mcp_servers);
    case 'claude-project':
      return obj(obj(obj(root.projects)?.[cwd])?.mcpServers);
  }
}

function vsInputs(raw: unknown): VsInput[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((i) => (i && typeof i === 'object' && typeof i.id === 'string' ? [{id: i.id, description: typeof i.description === 'string' ? i.description : undefined, password: i.password === true}] : []));
}
