// `breakerbox --self-check`: numbered behaviour checks against real server processes.
export {runSelfCheck, CHECKS, CHECK_TIMEOUT_MS, type SelfCheckOptions} from './run.js';
export type {Check} from './check.js';
