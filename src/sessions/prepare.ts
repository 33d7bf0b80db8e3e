import type {ModelMessage} from '../state/model-content.js';
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
