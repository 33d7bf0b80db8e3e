// Yardstick arm: the yardstick's `bb-hub` adapter with the server pinned to
// the legacy era (`protocol: 'legacy'`), so the hub's requests carry no
// `_meta`, like the yardstick's `raw`. Together with raw-meta.mjs it splits
// the hub's gap to raw into the era's cost and the hub's own (BENCHMARKS.md §11).
import {hubConnect} from './hub-arm.mjs';

const {Hub} = await import(new URL('../../../dist/hub/hub.js', import.meta.url).href);
export const name = 'bb-hub-legacy';
export const description = 'breakerbox Hub (hub.call by model name), legacy era pinned';

export const connect = hubConnect(Hub, {protocol: 'legacy'});
