// The rows of the resources view: which resources it lists, in order. Data,
// not drawing: the reducer keeps the highlighted row among them, and the
// view draws them (src/ui/inspect/resource-lines.ts).
import type {ServerResources} from '../hub/inspect-types.js';
import type {Resource} from '../session/mcp-types.js';

/** One readable row of the list: a resource of a server. */
export interface ResourceRow {
  alias: string;
  resource: Resource;
}

/** The resources the view lists: one server's, or every server's in config order. */
export function resourceRows(order: readonly string[], all: Readonly<Record<string, ServerResources>>, alias: string | null): ResourceRow[] {
  const aliases = alias ? [alias] : order;
  return aliases.flatMap((a) => (Object.hasOwn(all, a) ? all[a]!.resources.map((resource) => ({alias: a, resource})) : []));
}
