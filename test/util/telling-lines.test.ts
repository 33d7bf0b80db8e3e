// Offline reasons come from stderr; these are tails real servers and package
// managers print, where the last lines are noise and the cause sits above.
import {describe, expect, it} from 'vitest';
import {describeExit} from '../../src/connection/errors.js';
import {tellingLines} from '../../src/util/telling-lines.js';

const text = (...lines: string[]) => lines.join('\n') + '\n';

describe('tellingLines', () => {
  it('finds the error above a Node stack trace (frames, braces and "Node.js v20" dropped)', () => {
    const stderr = text(
      '/srv/notion/dist/index.js:12', '  throw new Error("No access token was provided.");', '  ^', '',
      'Error: No access token was provided.',
      '    at main (/srv/notion/dist/index.js:12:9)', '    at async run (node:internal/modules/run_main:123:5) {',
      "  code: 'ENOTOKEN'", '}', '', 'Node.js v20.20.2',
    );
    expect(tellingLines(stderr)).toEqual(['Error: No access token was provided.']);
  });

  it('finds an ERR_MODULE_NOT_FOUND under its throw excerpt', () => {
    const stderr = text(
      'node:internal/modules/esm/resolve:283', '    throw new ERR_MODULE_NOT_FOUND(', '          ^', '',
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/root/.npm/_npx/1/node_modules/x/index.js' imported from /root/.npm/_npx/1/node_modules/y.js",
      '    at finalizeResolution (node:internal/modules/esm/resolve:283:11) {', "  code: 'ERR_MODULE_NOT_FOUND',", "  url: 'file:///x'", '}', '', 'Node.js v20.20.2',
    );
    expect(tellingLines(stderr)).toEqual(["Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/root/.npm/_npx/1/node_modules/x/index.js' imported from /root/.npm/_npx/1/node_modules/y.js"]);
  });

  it('drops an npm-notice tail', () => {
    const stderr = text(
      'Fatal error: Failed to start: No connector found for DSN "postgres://…"',
      'npm notice', 'npm notice New major version of npm available! 10.8.2 -> 11.6.0',
      'npm notice Changelog: https://github.com/npm/cli/releases/tag/v11.6.0', 'npm notice To update run: npm install -g npm@11.6.0', 'npm notice',
    );
    expect(tellingLines(stderr)).toEqual(['Fatal error: Failed to start: No connector found for DSN "postgres://…"']);
  });

  it('prefers the error to a usage banner printed after it', () => {
    const stderr = text('Error: --api-key is required', 'Usage: firecrawl-mcp [options]', 'Options:', '  --api-key <key>  your API key', '  -h, --help       show help');
    expect(tellingLines(stderr)).toEqual(['Error: --api-key is required']);
  });

  it('a usage banner whose only complaint is in words: that line, not "Usage:"', () => {
    const stderr = text(
      'Usage: mcp-server-filesystem [allowed-directory] [additional-directories...]', 'Note: Allowed directories can be provided via:',
      '  1. Command-line arguments (shown above)', 'At least one directory must be provided by EITHER method for the server to operate.',
    );
    expect(tellingLines(stderr)).toEqual(['At least one directory must be provided by EITHER method for the server to operate.']);
  });

  it('npm errors: the code and the message, not the log-file line or bare "404"s', () => {
    const stderr = text(
      'npm error code E404', 'npm error 404 Not Found - GET https://registry.npmjs.org/@x%2fnope', 'npm error 404',
      "npm error 404  The requested resource '@x/nope@*' could not be found or you do not have permission to access it.",
      'npm error A complete log of this run can be found in: /root/.npm/_logs/debug-0.log',
    );
    expect(tellingLines(stderr)).toEqual(['npm error code E404', 'npm error 404 Not Found - GET https://registry.npmjs.org/@x%2fnope']);
  });

  it('ordinary lines when nothing is wrong in words; nothing for pure noise', () => {
    expect(tellingLines(text('Secure MCP Filesystem Server running on stdio'))).toEqual(['Secure MCP Filesystem Server running on stdio']);
    expect(tellingLines(text('    at x (/a.js:1:2)', '}', 'Node.js v20.20.2', 'npm notice hi'))).toEqual([]);
  });

  it('strips colour, cuts long lines and drops repeats', () => {
    const red = '\u001b[31mError: boom\u001b[39m';
    expect(tellingLines(text(red, red))).toEqual(['Error: boom']);
    expect(tellingLines(`Error: ${'x'.repeat(1000)}`)[0]).toHaveLength(240);
  });
});

describe('describeExit', () => {
  const banner = text('Secure MCP Filesystem Server running on stdio');
  it('quotes no ordinary line for a process killed by a signal: the banner is not why it ended', () => {
    expect(describeExit({code: null, signal: 'SIGKILL', stderrTail: banner})).toBe('server was killed by SIGKILL');
  });

  it('still quotes a failure it named before the signal, and ordinary lines for an exit with a code', () => {
    expect(describeExit({code: null, signal: 'SIGTERM', stderrTail: text('running', 'Error: out of memory')})).toBe('server was killed by SIGTERM; stderr: Error: out of memory');
    expect(describeExit({code: 1, signal: null, stderrTail: banner})).toBe('server exited with code 1; stderr: Secure MCP Filesystem Server running on stdio');
  });
});
