// Sets whether child processes spawned from now on get a session of their own
// (`detached`), whatever the caller asked, by replacing child_process.spawn
// (ESM importers see it through syncBuiltinESMExports). For measuring only:
// with Linux's autogroup scheduling a new session is a new scheduling group,
// and the yardstick's `raw` keeps its server in its own group while
// breakerbox detaches it (BENCHMARKS.md §11).
import {createRequire, syncBuiltinESMExports} from 'node:module';

const childProcess = createRequire(import.meta.url)('node:child_process');
const original = childProcess.spawn;

export function forceDetached(detached) {
  childProcess.spawn = (command, args, options = {}) => original(command, args, {...options, detached});
  syncBuiltinESMExports();
}
