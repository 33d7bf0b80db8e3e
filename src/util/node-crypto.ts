// node:crypto on first use, not at import. Loading it initialises OpenSSL and
// some twenty of Node's internal modules (webcrypto among them): ~0.8 MB of
// RSS in any process that imports the hub (BENCHMARKS.md §25), while most hub
// starts hash nothing at all: pins are compared by their text (the hash waits
// until one is written or shown), a model name is hashed only when it
// collides or is too long, and a server's fingerprint only for its record.
import {createRequire} from 'node:module';

type NodeCrypto = typeof import('node:crypto');

const load = createRequire(import.meta.url);
let loaded: NodeCrypto | undefined;

/** node:crypto, loaded the first time something asks for it. */
export function nodeCrypto(): NodeCrypto {
  return (loaded ??= load('node:crypto') as NodeCrypto);
}
