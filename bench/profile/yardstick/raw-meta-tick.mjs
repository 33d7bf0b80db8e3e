// Yardstick arm: raw-meta.mjs with the hub's way of writing: the messages of
// one tick joined into one write on the next tick, instead of a write per
// message. It asks whether the write pattern sets how the answers of 64 calls
// in flight arrive (messages per read; BENCHMARKS.md §11). TICK_MODE=first
// writes the first message of a tick at once and joins the rest.
//   node bench/profile/yardstick-calls.mjs bench/profile/yardstick/raw-meta-tick.mjs
//
// raw-meta.mjs: a raw client as lean as the yardstick's `raw` (utf8 stream,
// string split, id → promise map), but speaking the modern era as the hub
// does with the yardstick's server: `server/discover`, then the protocol
// version, client info, capabilities and log level in `_meta` of every
// request. The yardstick's `raw` speaks legacy (no `_meta`); this arm
// measures what the era alone costs (BENCHMARKS.md §11).
//   node ../shared/yardstick/run.mjs --only conc --arms raw,bench/profile/yardstick/raw-meta.mjs
import process from 'node:process';
import {connectWith} from './raw-meta.mjs';

export const name = process.env.TICK_MODE ? 'raw-meta-' + process.env.TICK_MODE : 'raw-meta-tick';
export const description = 'raw-meta, writes joined per tick';

export const connect = (command, args, opts) => connectWith(command, args, opts, tickWriter);

/** Joins the messages of one tick into one write on the next tick, as the hub's transport does. */
function tickWriter(child) {
  let outbox = [];
  let ticking = false;
  const flush = () => {
    ticking = false;
    if (outbox.length === 0) return;
    outbox.push('');
    const text = outbox.join('\n');
    outbox = [];
    child.stdin.write(text);
  };
  return (text) => {
    // TICK_MODE=first: the first message of a tick is written at once, the rest joined at its end.
    if (process.env.TICK_MODE === 'first' && !ticking) {
      ticking = true;
      process.nextTick(flush);
      child.stdin.write(text + '\n');
      return;
    }
    if (outbox.length === 0 && !ticking) process.nextTick(flush);
    outbox.push(text);
  };
}
