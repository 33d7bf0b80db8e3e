// Saved sessions: written as they happen, read back for `--resume` and `--sessions`.
export {SessionRecorder, type NewSessionOptions} from './recorder.js';
export {loadSession, resolveSessionId, parseLines, SessionError, type LoadedSession, type SessionMeta} from './load.js';
export {listSessions, type SessionSummary} from './list.js';
export {prepareSession, type PreparedSession} from './prepare.js';
export {replayEvents} from './replay.js';
export {rebuildHistory, STOPPED_DURING_CALL, NOT_RUN} from './rebuild.js';
export {newSessionId, sessionsDir, sessionPath, SESSION_ID_RE} from './session-id.js';
export type {SessionRecord, HeaderRecord, UserRecord, AssistantRecord, CallLine, ResumedRecord} from './records.js';
