// Issue #12, round two: config and files. A --config that is a device or an
// endless stream is read with the same limit as a file; a missing or wrong
// cwd is named as such; messages read right; the state directory and log
// files are made private even when they existed looser.
import {spawn} from 'node:child_process';
import {chmodSync, mkdirSync, statSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {expandVars} from '../../src/config/expand.js';
import {ConfigError, parseConfig} from '../../src/config/index.js';
import {CappedLog} from '../../src/hub/log-file.js';
import {privateDir} from '../../src/util/state-dir.js';
import {runCli} from '../helpers/cli.js';
import {chaos, tempDir, testHub} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';

/** Every problem as the edit commands see it (startup shows an entry's as its offline reason). */
const problems = (text: string) => {
  try {
    parseConfig(text, 'mcp.config.json', {}, {strict: true});
  } catch (err) {
    return (err as ConfigError).message;
  }
  return '';
};

describe('--config that is not a regular file', () => {
  it('/dev/zero: exit 2 and one line, no out-of-memory abort', async () => {
    const r = await runCli(['--list-tools', '--config', '/dev/zero'], {env: {XDG_STATE_HOME: tempDir('bb-state-')}});
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('breakerbox: /dev/zero: is a device that gave more than 4194304 bytes; a config file is at most 4194304 bytes (is this the right file?)\n');
  });

  it("an endless pipe, <(yes '{}'): exit 2 and one line", {timeout: 70_000}, async () => {
    const cli = resolve(ROOT, 'bin/breakerbox.cjs');
    const r = await new Promise<{code: number | null; stderr: string}>((done) => {
      const child = spawn('bash', ['-c', `exec "${process.execPath}" "${cli}" --list-tools --config <(yes '{}')`], {env: {PATH: process.env.PATH ?? '', HOME: '/tmp', XDG_STATE_HOME: tempDir('bb-state-')}, stdio: ['ignore', 'ignore', 'pipe']});
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
      // Without a bounded read the child would read for ever: never leave it behind.
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        done({code, stderr});
      });
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^breakerbox: \/dev\/fd\/\d+: is a pipe that gave more than 4194304 bytes; a config file is at most 4194304 bytes \(is this the right file\?\)\n$/);
  });
});

describe('a server whose cwd cannot be used', () => {
  const hubs: Array<{close(): Promise<void>}> = [];
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
  });

  it('is offline with "cwd … does not exist" / "is not a directory", not "command not found"; the others start', async () => {
    const dir = tempDir('bb-cwd-');
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const {hub} = testHub([chaos('gone', 'ok', {}, {cwd: join(dir, 'missing')}), chaos('file', 'ok', {}, {cwd: file}), chaos('ok', 'ok', {}, {cwd: dir})]);
    hubs.push(hub);
    await hub.start();
    const [gone, notDir, ok] = hub.statuses();
    expect(gone).toMatchObject({state: 'offline', phase: 'spawn', reason: `cwd ${join(dir, 'missing')} does not exist`});
    expect(notDir).toMatchObject({state: 'offline', phase: 'spawn', reason: `cwd ${file} is not a directory`});
    expect(ok!.state).toBe('online');
  });
});

describe('config messages', () => {
  it('an empty alias reads "alias is empty", not "alias an alias cannot be empty"', () => {
    expect(problems('{"mcpServers": {"": {"command": "x"}}}')).toBe('mcp.config.json: mcpServers[""]: alias is empty; name the server, e.g. "notes"');
  });

  it('a key written twice on one line gives the line and both columns', () => {
    expect(problems('{"mcpServers": {"a": {"command": "x", "command": "y"}}}')).toBe(
      'mcp.config.json: mcpServers.a: key "command" appears twice (line 1, columns 23 and 39); JSON keeps only the last, so remove one',
    );
  });

  it('${A:-${B}} nests: A, else B, else the inner fallback; an unset inner variable is an error, never a literal "${B}"', () => {
    expect(expandVars('${A:-${B}}', {B: 'bee'})).toEqual({ok: true, value: 'bee'});
    expect(expandVars('${A:-${B}}', {A: 'a', B: 'bee'})).toEqual({ok: true, value: 'a'});
    expect(expandVars('x${A:-${B:-${C:-deep}}}y', {})).toEqual({ok: true, value: 'xdeepy'});
    expect(expandVars('${A:-${B}}', {})).toEqual({ok: false, problems: ['${B} is not set (use ${B:-default} for a fallback)']});
    expect(expandVars('${A:-$${B}}', {})).toEqual({ok: true, value: '${B}'});
    expect(expandVars('${A:-${B}', {})).toMatchObject({ok: false, problems: [expect.stringMatching(/^unterminated/)]});
  });
});

describe('permissions of what breakerbox writes', () => {
  it('a pre-existing 0777 state directory and a 0666 log file are tightened to 0700 and 0600', () => {
    const root = join(tempDir('bb-perm-'), 'breakerbox');
    mkdirSync(join(root, 'logs'), {recursive: true});
    chmodSync(root, 0o777);
    chmodSync(join(root, 'logs'), 0o777);
    const logs = privateDir(root, 'logs');
    expect(statSync(root).mode & 0o777).toBe(0o700);
    expect(statSync(logs).mode & 0o777).toBe(0o700);
    const path = join(logs, 'x.log');
    writeFileSync(path, 'old\n');
    chmodSync(path, 0o666);
    new CappedLog(path).write('new\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});
