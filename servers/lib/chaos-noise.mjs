// The chaos `noise` mode's stdout writer: garbage between messages, messages split
// across writes. A client must skip junk lines, reassemble partial lines, decode
// UTF-8 only after reassembly, and accept "\r\n" endings.

import { sleep } from './stdio-server.mjs';

const JUNK = [
  'this line is not JSON',
  '{"jsonrpc":"2.0","method":', // JSON cut short
  '[1,2,3]', // valid JSON, not a JSON-RPC message
  'null',
  'Content-Length: 42', // an LSP-style header from a confused server
  '\u001b[32m[info]\u001b[0m a log line printed to stdout by mistake',
];

export function noisyWriter() {
  let count = 0;
  let queue = Promise.resolve(); // keeps lines in order across the pauses
  const write = (line) => {
    const n = count++;
    const text = n % 2 === 1 ? line.replace(/\n$/, '\r\n') : line;
    const bytes = Buffer.from(text, 'utf8');
    // Cut at a UTF-8 continuation byte when there is one, i.e. inside a character.
    let cut = bytes.findIndex((b) => (b & 0xc0) === 0x80);
    if (cut <= 0) cut = bytes.length >> 1;
    queue = queue.then(async () => {
      process.stdout.write(`${JUNK[n % JUNK.length]}\n`);
      process.stdout.write(bytes.subarray(0, cut));
      await sleep(5);
      process.stdout.write(bytes.subarray(cut));
    });
  };
  write.flush = () => queue; // lets the server finish writing before it exits
  return write;
}
