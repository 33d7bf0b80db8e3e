// Server logs (issue #14): one folder per config, a separator per run, a time on every line.
import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {configLogName, logDir} from '../../src/cli/setup.js';
import {CappedLog, ServerLog} from '../../src/hub/log-file.js';

describe('ServerLog', () => {
  it('stamps every line, also lines split across writes, and separates runs', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'bb-log-')), 'fs.log');
    let t = Date.parse('2026-12-01T04:05:06.789Z');
    const log = new ServerLog(new CappedLog(path), () => new Date(t++));
    log.run('breakerbox starts fs');
    log.write('npm warn deprecated x\nError: boo');
    log.write('m\nnext line\n');
    log.run('breakerbox starts fs');
    log.write('partial');
    log.run('again');
    expect(readFileSync(path, 'utf8')).toBe([
      '=== 2026-12-01T04:05:06.789Z breakerbox starts fs ===',
      '[04:05:06.790] npm warn deprecated x',
      '[04:05:06.790] Error: boom',
      '[04:05:06.791] next line',
      '=== 2026-12-01T04:05:06.792Z breakerbox starts fs ===',
      '[04:05:06.793] partial',
      '=== 2026-12-01T04:05:06.794Z again ===',
      '',
    ].join('\n'));
  });
});

describe('logDir', () => {
  it('gives two configs that both name a server "filesystem" different folders', () => {
    const env = {XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'bb-state-'))};
    const a = logDir(env, '/home/ada/work/mcp.config.json')!;
    const b = logDir(env, '/home/ada/play/mcp.config.json')!;
    expect(a).not.toBe(b);
    expect(join(a, 'filesystem.log')).not.toBe(join(b, 'filesystem.log'));
    expect(configLogName('/home/ada/work/mcp.config.json')).toMatch(/^work-[0-9a-f]{8}$/);
    expect(logDir(env, '/home/ada/work/mcp.config.json')).toBe(a);
  });
});
