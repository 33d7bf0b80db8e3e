// node:crypto on first use, not at import. Loading it initialises OpenSSL and
// some twenty of Node's internal modules (webcrypto among them): ~0.8 MB of
// RSS in any process that imports the hub (BENCHMARKS.md §25), while most hub
// starts hash nothing at all: pins are compared by their text (the hash waits
// until one is written or shown), a model name is hashed only when it
// collides or is too long, and a server's fingerprint only for its record.
// One function, so a test can count what is hashed (test/hub/trust/pin-hash).

/** node:crypto, loaded the first time something asks for it (Node caches it after). */
export function nodeCrypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}
