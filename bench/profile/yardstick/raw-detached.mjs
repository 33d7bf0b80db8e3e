// Yardstick arm: the yardstick's own `raw`, with its server spawned in a
// session of its own (`detached`) as breakerbox spawns servers. See spawn-group.mjs.
import {forceDetached} from './spawn-group.mjs';

forceDetached(true);
const raw = await import(new URL('raw.mjs', `file://${process.env.YARDSTICK_ARMS ?? '/work/shared/yardstick/arms/'}`).href);
export const name = 'raw-detached';
export const description = 'yardstick raw, server in its own session (autogroup)';
export const connect = raw.connect;
