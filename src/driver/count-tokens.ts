// Asks the model API what each server's tools cost, for the catalog the hub
// just built. Counting is a side effect (network), so it lives here; the
// store keeps the count beside the offline estimate and shows which it has.
import type {Model} from '../agent/model.js';
import {toModelTool} from '../hub/translate.js';
import type {Catalog, ModelTool} from '../hub/types.js';
import type {AppEvent} from '../state/events.js';

/** Counts `catalog`'s tools per server when the model can; dispatches the count or one notice. */
export function tokenCounter(model: Model, dispatch: (event: AppEvent) => void): (catalog: Catalog) => void {
  let warned = false;
  // A server whose tools did not change is not counted again (keyed by its tools' JSON).
  const known = new Map<string, number>();
  return (catalog) => {
    if (!model.countToolTokens || catalog.entries.length === 0) return;
    const groups: Record<string, ModelTool[]> = {};
    for (const e of catalog.entries) (groups[e.alias] ??= []).push(toModelTool(e));
    const keys = Object.fromEntries(Object.entries(groups).map(([alias, tools]) => [alias, JSON.stringify(tools)]));
    const missing = Object.fromEntries(Object.entries(groups).filter(([alias]) => !known.has(keys[alias]!)));
    model.countToolTokens(missing).then(
      (counted) => {
        for (const [alias, n] of Object.entries(counted)) known.set(keys[alias]!, n);
        const byAlias = Object.fromEntries(Object.keys(groups).map((alias) => [alias, known.get(keys[alias]!) ?? 0]));
        dispatch({type: 'tool-tokens/counted', version: catalog.version, byAlias, total: Object.values(byAlias).reduce((a, b) => a + b, 0)});
      },
      (err: unknown) => {
        if (warned) return;
        warned = true;
        dispatch({type: 'notice/posted', level: 'info', text: `token counting failed (${err instanceof Error ? err.message : String(err)}); tool table sizes are offline estimates`});
      },
    );
  };
}
