// One framing round trip through a real process: a child replays the encoded
// items in the given chunks, a StdioTransport + Connection read them.
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Connection} from '../../src/connection/connection.js';
import {StdioTransport} from '../../src/transport/stdio.js';
import {waitFor} from '../helpers/wait.js';
import {cut, encode, wire, type Item} from './framing-arbitraries.js';
import {FIXTURES} from './helpers.js';

/** What came out, next to what should have. */
export interface ReplayResult {
  got: unknown[];
  want: unknown[];
  noise: number;
  junk: number;
  /** The answer to a request sent after the replay: the stream still works. */
  echo: unknown;
}

export async function replayThroughStdio(items: Item[], offsets: number[], dir: string): Promise<ReplayResult> {
  const file = join(dir, `chunks-${process.pid}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(cut(encode(items), offsets).map((c) => c.toString('base64'))));
  const transport = new StdioTransport({command: process.execPath, args: [join(FIXTURES, 'replay.mjs'), file], env: {PATH: process.env.PATH ?? ''}, closeGraceMs: 500});
  const conn = new Connection(transport, 5_000);
  const got: unknown[] = [];
  conn.onNotification((method, params) => {
    if (method === 'fuzz/item') got.push({jsonrpc: '2.0', method, params});
  });
  await transport.start();
  try {
    const want = items.filter((it) => it.kind === 'msg').map((it) => wire((it as {value: unknown}).value));
    const junk = items.filter((it) => it.kind === 'junk').length;
    await waitFor(() => got.length >= want.length && conn.stats.noise >= junk && /replayed/.test(transport.stderr.text()), `all ${want.length} messages and ${junk} junk lines`, 10_000);
    const echo = await conn.request('echo', {after: 'fuzz'});
    return {got, want, noise: conn.stats.noise, junk, echo};
  } finally {
    await transport.close();
  }
}
