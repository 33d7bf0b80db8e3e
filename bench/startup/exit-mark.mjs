// Loaded with `node --import` by exit-gap.mjs: writes the monotonic clock (ns)
// at the process's `exit` event to $EXIT_FILE, so the parent can tell how long
// the process took to end after it (Node's teardown, the kernel's, and
// anything competing for the cores then, such as the reaper's work at EOF).
import {appendFileSync} from 'node:fs';

process.on('exit', () => appendFileSync(process.env.EXIT_FILE, `${process.hrtime.bigint()}\n`));
