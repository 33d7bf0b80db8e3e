// Yardstick arm: the yardstick's `bb-hub` adapter loading another build's
// dist/ ($BB_BASE_DIR, e.g. main built in a temporary directory), so one run
// pairs a change with its base rep by rep:
//   BB_BASE_DIR=/tmp/main node ../shared/yardstick/run.mjs --only seq,conc --arms raw,bb-hub,bench/profile/yardstick/bb-hub-base.mjs
import path from 'node:path';
import process from 'node:process';
import {hubConnect} from './hub-arm.mjs';
import {pathToFileURL} from 'node:url';

if (!process.env.BB_BASE_DIR) throw new Error('bb-hub-base: set BB_BASE_DIR to a built checkout');
const {Hub} = await import(pathToFileURL(path.join(process.env.BB_BASE_DIR, 'dist/hub/hub.js')).href);
export const name = 'bb-hub-base';
export const description = `breakerbox Hub from ${process.env.BB_BASE_DIR}`;

export const connect = hubConnect(Hub);
