// Issue #14: an offline reason names the real error line of a noisy stderr
// (a stack trace's tail, npm notices, a usage banner), and points to the log.
import {afterEach, describe, expect, it} from 'vitest';
import type {Hub} from '../../src/hub/hub.js';
import {tempDir, testHub} from '../helpers/hub.js';
import {waitFor} from '../helpers/wait.js';

/** A server that writes `lines` to stderr and exits 1, as a misconfigured npx server does. */
const dying = (alias: string, lines: string[]) => ({
  alias, command: process.execPath, args: ['-e', `process.stderr.write(${JSON.stringify(lines.join('\n') + '\n')}, () => process.exit(1))`],
  env: {PATH: process.env.PATH ?? ''}, startupTimeoutMs: 20_000, callTimeoutMs: 20_000,
});

let hub: Hub | undefined;
afterEach(async () => {
  await hub?.close();
  hub = undefined;
});

describe('offline reasons from noisy stderr', () => {
  it('name the real error, not the noise after it, and point to the log file', async () => {
    const logDir = tempDir('bb-reasons-');
    ({hub} = testHub([
      dying('stack', ['/srv/notion/index.js:12', '  throw new Error("No access token was provided.");', '  ^', '', 'Error: No access token was provided.', '    at main (/srv/notion/index.js:12:9)', '}', '', 'Node.js v20.20.2']),
      dying('notices', ['Fatal error: Failed to start: No connector found for DSN', 'npm notice', 'npm notice New major version of npm available! 10.8.2 -> 11.6.0', 'npm notice To update run: npm install -g npm@11.6.0']),
      dying('usage', ['Error: --api-key is required', 'Usage: firecrawl-mcp [options]', 'Options:', '  -h, --help  show help']),
    ], {logDir}));
    await hub.start();
    const reason = (alias: string) => hub!.statuses().find((s) => s.alias === alias)!.reason ?? '';
    await waitFor(() => hub!.statuses().every((s) => s.state === 'offline'), 'all offline');
    expect(reason('stack')).toMatch(/stderr: Error: No access token was provided\. during the handshake|stderr: Error: No access token was provided\./);
    expect(reason('stack')).not.toMatch(/Node\.js v20|^\}|at main/);
    expect(reason('notices')).toMatch(/stderr: Fatal error: Failed to start: No connector found for DSN/);
    expect(reason('notices')).not.toMatch(/npm notice/);
    expect(reason('usage')).toMatch(/stderr: Error: --api-key is required/);
    expect(reason('usage')).not.toMatch(/help/);
    for (const alias of ['stack', 'notices', 'usage']) expect(reason(alias)).toContain(`(full log: ${logDir}/${alias}.log)`);
  }, 60_000);
});
