// `breakerbox pins`: what is pinned for each configured server, and where.
// `--write` starts every server and writes `mcp.pins.json` beside the config
// with every tool as listed now, without the servers the config no longer has
// (a person's act: it accepts changes, so review its diff before committing);
// `--reset ALIAS` forgets one server's pins.
import {readPinFile, pinFilePath, writePinFile} from '../../hub/trust/pin-file.js';
import {pinTool} from '../../hub/trust/canonical.js';
import type {ServerPins} from '../../hub/trust/pins.js';
import {loadConfig} from '../../config/index.js';
import {existsSync} from 'node:fs';
import {UsageError} from '../args.js';
import {pinStore} from '../setup.js';
import type {CliIo} from './io.js';
import {configTarget, guarded, parseFlags, toolCount} from './kit.js';
import {withCheckedHub} from './trust-run.js';
import {shown} from '../trust-lines.js';

export const PINS_USAGE = 'Usage: breakerbox pins [--write | --reset ALIAS] [--config PATH]';

/** Runs `breakerbox pins`. */
export function run(argv: string[], io: CliIo): Promise<number> {
  return guarded(io, async () => {
    const {values: v, positionals} = parseFlags(argv, {write: {type: 'boolean'}, reset: {type: 'string'}}, PINS_USAGE);
    if (v.help) {
      io.stdout.write(`${PINS_USAGE}\n`);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`pins takes no arguments besides its flags\n${PINS_USAGE}`);
    if (v.write && v.reset !== undefined) throw new UsageError(`--write and --reset go separately\n${PINS_USAGE}`);
    if (v.write) return write(io, v.config);
    const target = configTarget(io, v.config);
    const config = loadConfig(target.path, io.env);
    const store = pinStore(config, io.env);
    if (v.reset !== undefined) {
      if (!config.servers.some((s) => s.alias === v.reset)) throw new UsageError(`there is no server "${v.reset}" in ${target.label}; the servers are: ${config.servers.map((s) => s.alias).join(', ')}`);
      store.reset(v.reset);
      io.stdout.write(`Forgot the pins of "${v.reset}"; its next listing is a first sight.\n`);
      return 0;
    }
    const file = pinFilePath(config.path);
    const listed = existsSync(file) ? readPinFile(file) : new Map<string, ServerPins>();
    const lines: string[] = [];
    for (const s of config.servers) {
      const pins = store.load(s.alias);
      const where = listed.has(s.alias) ? file : 'its record in the state directory';
      if (!pins) {
        lines.push(`${s.alias}: nothing pinned yet (first sight at its next start)`);
        continue;
      }
      lines.push(`${s.alias}: ${toolCount(Object.keys(pins.tools).length)} pinned (${where})`);
      for (const [name, pin] of Object.entries(pins.tools)) {
        lines.push(`  ${shown(name).padEnd(28)} ${pin.hash.slice(0, 19)}…  pinned ${pin.pinnedAt}${pin.allowHidden ? '  (invisible characters allowed)' : ''}`);
      }
    }
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  });
}

/** Starts every server and writes the pin file with every tool as listed now. */
function write(io: CliIo, configFlag: string | undefined): Promise<number> {
  return withCheckedHub(io, configFlag, (r) => {
    const path = pinFilePath(r.config.path);
    const servers = existsSync(path) ? readPinFile(path) : new Map<string, ServerPins>();
    // The file is the reference for the config beside it: a server taken out of
    // the config takes its pins out too (they vouched for tools no one runs, and
    // a server added later under the same name would meet them as its own).
    const configured = new Set(r.config.servers.map((s) => s.alias));
    const gone = [...servers.keys()].filter((alias) => !configured.has(alias)).sort();
    for (const alias of gone) servers.delete(alias);
    const down: string[] = [];
    for (const status of r.hub.statuses()) {
      const tools = r.hub.listedTools(status.alias);
      if (status.state !== 'online' || !tools) {
        if (status.state !== 'disabled') down.push(status.alias);
        continue;
      }
      const pins: ServerPins = {tools: Object.create(null)};
      // Written by a person's act: what is pinned now is trusted, invisible characters included.
      for (const tool of tools) pins.tools[tool.name] = pinTool(tool, new Date(), true);
      servers.set(status.alias, pins);
    }
    writePinFile(path, servers);
    const count = [...servers.values()].reduce((n, s) => n + Object.keys(s.tools).length, 0);
    io.stdout.write(`Wrote ${path}: ${toolCount(count)} of ${servers.size} server${servers.size === 1 ? '' : 's'}. It is now the reference for them; commit it with the config.\n`);
    if (gone.length > 0) io.stdout.write(`Dropped the pins of ${gone.join(', ')}: no longer in ${r.label}.\n`);
    if (down.length > 0) {
      io.stderr.write(`breakerbox: not pinned (offline): ${down.join(', ')}\n`);
      return 1;
    }
    return 0;
  });
}
