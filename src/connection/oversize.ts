// What can be told about a message too large to read, from the first and last
// bytes the transport kept: who sent it (a response to us, or a request or
// notification of the server's own) and its id, when one of those bytes hold it.
import type {OversizeInfo} from '../transport/types.js';
import {parseIdToken, tailId, topLevelMembers} from './json-members.js';
import type {RequestId} from './jsonrpc.js';

/** The verdict on one oversize message. */
export interface Oversize {
  /** `request`/`notification`: the server's own message; `response`: probably an answer to us. */
  kind: 'request' | 'notification' | 'response';
  /** The id's exact text, and what it stands for. */
  token?: string;
  id?: RequestId;
  /** "N bytes; limit M", for messages. */
  size: string;
}

/** Reads what it can; a head without a method or params is taken for a response. */
export function judgeOversize(info: OversizeInfo): Oversize {
  const head = topLevelMembers(info.head);
  const token = head.scalars.get('id') ?? (info.complete ? tailId(info.tail) : undefined);
  const id = token === undefined ? undefined : parseIdToken(token);
  const fromServer = head.names.has('method') || head.names.has('params');
  const kind = !fromServer ? 'response' : head.names.has('method') && id !== undefined ? 'request' : 'notification';
  return {kind, token: id === undefined ? undefined : token, id, size: `${info.bytes} bytes; limit ${info.limit}`};
}
