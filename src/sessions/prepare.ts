import type {Model, ModelMessage, ProviderName} from '../agent/model.js';
import {adaptHistory} from '../agent/models/adapt-history.js';
import {loadSession, type LoadedSession} from './load.js';
import {SessionRecorder} from './recorder.js';

/** What a run needs to record a session, new or resumed. */
export interface PreparedSession {
  recorder: SessionRecorder;
  /** The conversation to continue (only when resuming). */
  history?: ModelMessage[];
  warnings: string[];
  resumed?: LoadedSession;
}

/**
 * Opens the session for one run: `resume` (an id, or `true` for the latest)
 * loads it and appends to the same file; otherwise a new file is started.
 * Throws SessionError when the session to resume does not exist.
 */
export function prepareSession(o: {resume?: string | true; env: NodeJS.ProcessEnv; cwd?: string; configPath?: string; onError?: (err: Error) => void}): PreparedSession {
  const base = {env: o.env, cwd: o.cwd, configPath: o.configPath, onError: o.onError};
  if (o.resume === undefined) return {recorder: SessionRecorder.create(base), warnings: []};
  const resumed = loadSession(o.resume === true ? 'latest' : o.resume, o.env);
  return {recorder: SessionRecorder.resume(resumed.meta.id, base), history: resumed.history, warnings: resumed.warnings, resumed};
}

/**
 * Continues a resumed conversation with `model`: records its label and API,
 * and converts a history another provider recorded. Returns one line to show
 * the user when it converted something.
 */
export function continueWith(session: PreparedSession, model: Model): string | undefined {
  session.recorder.setModel(model.label, model.provider);
  const from = session.resumed?.meta.provider as ProviderName | undefined;
  if (!session.history || !model.provider || from === undefined || from === model.provider) return undefined;
  const notes = adaptHistory(session.history, from, model.provider);
  return `session recorded with ${from}, continued with ${model.provider} (${model.label})${notes.length ? `: ${notes.join('; ')}` : ''}`;
}
