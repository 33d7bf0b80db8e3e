import type {Model, ProviderName} from '../agent/model.js';
import {adaptHistory} from '../agent/models/adapt-history.js';
import type {PreparedSession} from '../sessions/index.js';

/**
 * Continues a resumed conversation with `model`: records its label and API,
 * and converts a history another provider recorded. Returns one line to show
 * the user when it converted something. (Here, not in src/sessions: it needs
 * the providers, which sit above the session files.)
 */
export function continueWith(session: PreparedSession, model: Model): string | undefined {
  session.recorder.setModel(model.label, model.provider);
  const from = session.resumed?.meta.provider as ProviderName | undefined;
  if (!session.history || !model.provider || from === undefined || from === model.provider) return undefined;
  const notes = adaptHistory(session.history, from, model.provider);
  return `session recorded with ${from}, continued with ${model.provider} (${model.label})${notes.length ? `: ${notes.join('; ')}` : ''}`;
}
