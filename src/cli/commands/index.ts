// The subcommand table: `breakerbox <name> …` runs `run` of the module named
// here. Modules load only when their command is used.
import type {Subcommand} from './io.js';

export {processIo, type CliIo, type Subcommand} from './io.js';

/** Subcommand name → loader of its `run`. */
export const SUBCOMMANDS: Readonly<Record<string, () => Promise<Subcommand>>> = {
  import: async () => (await import('./import.js')).run,
  add: async () => (await import('./add.js')).run,
  remove: async () => (await import('./remove.js')).run,
  call: async () => (await import('./call.js')).run,
};
