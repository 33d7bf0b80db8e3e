// Yardstick arm: the yardstick's `bb-hub`, with its server left in the
// client's session (not `detached`), as the yardstick's `raw` leaves it.
// Measurement only: breakerbox detaches servers to signal their process
// group. See spawn-group.mjs.
import {forceDetached} from './spawn-group.mjs';

forceDetached(false);
const hub = await import(new URL('bb-hub.mjs', `file://${process.env.YARDSTICK_ARMS ?? '/work/shared/yardstick/arms/'}`).href);
export const name = 'bb-hub-attached';
export const description = 'yardstick bb-hub, server in the client session';
export const connect = hub.connect;
