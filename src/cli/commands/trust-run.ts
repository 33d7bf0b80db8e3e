// What `audit` and `pins --write` share: load the config, start every server
// with the run's pin store, and hand over the hub once each is online or
// offline. Nothing here talks to a model.
import {loadConfig, type Config} from '../../config/index.js';
import {Hub} from '../../hub/hub.js';
import {pinFilePath} from '../../hub/trust/pin-file.js';
import type {PinStore} from '../../hub/trust/pins.js';
import {configFeatures, hubServers, logDir, pinStore} from '../setup.js';
import type {CliIo} from './io.js';
import {configTarget} from './kit.js';

/** A started hub over the config's servers, and where its pins live. */
export interface CheckedRun {
  config: Config;
  label: string;
  hub: Hub;
  pins: PinStore;
  /** The pin file beside the config, when it exists (then the reference). */
  pinFile?: string;
}

/** Starts every server of `--config`, runs `body`, and closes them whatever happens. */
export async function withCheckedHub<T>(io: CliIo, configFlag: string | undefined, body: (run: CheckedRun) => Promise<T> | T): Promise<T> {
  const target = configTarget(io, configFlag);
  const config = loadConfig(target.path, io.env);
  const pins = pinStore(config, io.env);
  const servers = hubServers(config, io.env);
  // Prompts and resources are listed too: their texts are scanned like tool descriptions.
  const hub = new Hub({servers, pins, listExtras: true, logDir: logDir(io.env, config.path), features: (s) => configFeatures(config.servers.find((c) => c.alias === s.alias)!)});
  try {
    await hub.start();
    await hub.inspect.settled();
    const file = pinFilePath(config.path);
    return await body({config, label: target.label, hub, pins, ...('lists' in pins ? {pinFile: file} : {})});
  } finally {
    await hub.close();
  }
}
