// What a tool loses on its way to each model API, per tool: the README's
// translation table says what every tool loses; this says which of those
// losses hit this one (today: how its schema fared under OpenAI's strict mode).
import type {ProviderName} from '../model.js';
import {strictFor} from './openai-tools.js';

/** What a tool loses on its way to `provider`'s API, one line each (empty: nothing). */
export function providerLosses(tool: {inputSchema: Record<string, unknown>; outputSchema?: unknown; title?: string}, provider: ProviderName): string[] {
  const out: string[] = [];
  if (provider === 'openai') {
    const r = strictFor(tool.inputSchema);
    if (r.strict) out.push(...r.changes.map((c) => `strict mode: ${c}`));
    else out.push(`not strict (the API does not enforce its arguments): ${r.reasons.join('; ')}`);
  }
  return out;
}
