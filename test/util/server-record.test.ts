// The server fingerprint and the per-server record: identity without secrets,
// private files, atomic writes, tolerant reads, and sections kept apart.
import {execFileSync, spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {serverFingerprint, type FingerprintInput} from '../../src/util/server-fingerprint.js';
import {RECORD_FORMAT, ServerRecordStore} from '../../src/util/server-record.js';
import {tempDir} from '../helpers/hub.js';
import {ROOT} from '../helpers/servers.js';

const STDIO: FingerprintInput = {kind: 'stdio', alias: 'gh', command: 'npx', args: ['-y', 'gh-server'], cwd: '/work', env: {TOKEN: 'ghp_secret123', A: '1'}};
const STDIO_FP = serverFingerprint(STDIO);
const ERA = {era: 'legacy' as const, protocolVersion: '2025-11-25', decidedBy: 'respawned-after-probe', at: '2026-01-01T00:00:00.000Z'};

describe('serverFingerprint', () => {
  it('is stable, and changes with the alias, command, any argument, the cwd or any env value', () => {
    const base = serverFingerprint(STDIO).id;
    expect(serverFingerprint({...STDIO, env: {A: '1', TOKEN: 'ghp_secret123'}}).id).toBe(base); // order does not matter
    expect(base).toMatch(/^[0-9a-f]{32}$/);
    const variants: FingerprintInput[] = [
      {...STDIO, alias: 'gh2'},
      {...STDIO, command: 'bunx'},
      {...STDIO, args: ['-y', 'gh-server', '--x']},
      {...STDIO, args: ['-y gh-server']},
      {...STDIO, cwd: '/other'},
      {...STDIO, env: {TOKEN: 'ghp_secret124', A: '1'}},
      {...STDIO, env: {TOKEN: 'ghp_secret123'}},
    ];
    const ids = variants.map((v) => serverFingerprint(v).id);
    expect(new Set([base, ...ids]).size).toBe(variants.length + 1);
  });

  it('never holds an env value or a header, only their hash', () => {
    const fp = serverFingerprint(STDIO);
    expect(JSON.stringify(fp)).not.toContain('ghp_secret123');
    expect(fp).toMatchObject({alias: 'gh', kind: 'stdio', target: '["npx","-y","gh-server"]'});
    expect(fp.secretsHash).toMatch(/^[0-9a-f]{16}$/);
    expect(serverFingerprint({...STDIO, env: {}}).secretsHash).toBe('');
  });

  it("keeps no credential of a URL: the record shows it masked, and the id is still the URL's as configured", () => {
    const url = 'http://user:secret@127.0.0.1:3904/mcp?api_key=abc123&page=2';
    const fp = serverFingerprint({kind: 'http', alias: 'tickets', url});
    expect(JSON.stringify(fp)).not.toMatch(/user:secret|abc123/);
    expect(fp.target).toBe('http://***@127.0.0.1:3904/mcp?api_key=***&page=2');
    // The id of a record written before the mask: the same digest over the URL as configured.
    const before = createHash('sha256').update(JSON.stringify(['breakerbox-server/1', 'tickets', 'http', url, '', ''])).digest('hex').slice(0, 32);
    expect(fp.id).toBe(before);
    // Another key is another server.
    expect(serverFingerprint({kind: 'http', alias: 'tickets', url: url.replace('abc123', 'abc124')}).id).not.toBe(fp.id);
  });

  it('accepts HTTP servers by URL (headers hashed like env)', () => {
    const http = serverFingerprint({kind: 'http', alias: 'gh', url: 'https://mcp.example/mcp', headers: {Authorization: 'Bearer s3cret'}});
    expect(http).toMatchObject({kind: 'http', target: 'https://mcp.example/mcp'});
    expect(JSON.stringify(http)).not.toContain('s3cret');
    expect(http.id).not.toBe(serverFingerprint({kind: 'http', alias: 'gh', url: 'https://mcp.example/mcp', headers: {Authorization: 'Bearer other'}}).id);
  });
});

function fresh() {
  const store = ServerRecordStore.open({XDG_STATE_HOME: tempDir('bb-rec-')})!;
  const warnings: string[] = [];
  const record = store.record(serverFingerprint(STDIO), (w) => warnings.push(w));
  return {store, record, warnings};
}

describe('ServerRecord', () => {
  it('round-trips a section into a 0600 file in a 0700 directory, without leaving temporary files', async () => {
    const {store, record, warnings} = fresh();
    expect(record.get('era')).toBeUndefined();
    record.set('era', ERA);
    expect(record.get('era')).toEqual(ERA);
    await store.flush();
    expect(statSync(store.dir).mode & 0o777).toBe(0o700);
    expect(statSync(record.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(store.dir)).toEqual([`gh-${serverFingerprint(STDIO).id}.json`]);
    const file = JSON.parse(readFileSync(record.path, 'utf8'));
    expect(file).toMatchObject({format: RECORD_FORMAT, fingerprint: {alias: 'gh', kind: 'stdio', target: '["npx","-y","gh-server"]'}, sections: {era: ERA}});
    expect(readFileSync(record.path, 'utf8')).not.toContain('ghp_secret123');
    expect(warnings).toEqual([]);
  });

  it('tightens a state directory that existed with loose permissions', () => {
    const state = tempDir('bb-rec-');
    mkdirSync(join(state, 'breakerbox', 'servers'), {recursive: true, mode: 0o777});
    chmodSync(join(state, 'breakerbox', 'servers'), 0o777);
    expect(statSync(ServerRecordStore.open({XDG_STATE_HOME: state})!.dir).mode & 0o777).toBe(0o700);
  });

  it('ignores a corrupt record with a warning, never a crash, and replaces it on the next write', async () => {
    for (const junk of ['{"format":1,"sections":', '[]', 'null', '{"sections":{}}', '\u0000\u0001']) {
      const {store, record, warnings} = fresh();
      writeFileSync(record.path, junk);
      expect(record.get('era')).toBeUndefined();
      expect(warnings[0]).toMatch(/: (not valid JSON|not a breakerbox server record).*; ignored$/);
      record.set('era', ERA);
      expect(record.get('era')).toEqual(ERA);
      expect(warnings.at(-1)).toMatch(/ignored and replaced$/);
      await store.flush();
      expect(JSON.parse(readFileSync(record.path, 'utf8')).sections).toEqual({era: ERA});
    }
  });

  it('drops a malformed section with a warning and keeps the others, including ones it does not know', async () => {
    const {store, record, warnings} = fresh();
    record.set('era', ERA);
    await store.flush();
    const file = JSON.parse(readFileSync(record.path, 'utf8'));
    file.sections.era = {era: 'ancient', protocolVersion: 7};
    file.sections.catalog = {tools: ['kept by an older breakerbox']};
    writeFileSync(record.path, JSON.stringify(file));
    expect(record.get('era')).toBeUndefined();
    expect(warnings).toEqual([`${record.path}: the "era" section is malformed; ignored`]);
    record.set('era', ERA);
    await store.flush();
    expect(JSON.parse(readFileSync(record.path, 'utf8')).sections).toEqual({era: ERA, catalog: {tools: ['kept by an older breakerbox']}});
  });

  it("keeps a catalog's appended order, and drops only the order when it is malformed", async () => {
    const catalog = {tools: [{name: 'a'}, {name: 'toString'}], era: 'legacy' as const, protocolVersion: '2025-11-25', filter: '[null,null]', at: '2026-01-01T00:00:00.000Z'};
    const bad: unknown[] = [{toString: 'x'}, {a: -1}, {a: 1.5}, {ghost: 3}, [3], 'a'];
    for (const appended of [{toString: 4, a: 3} as unknown, ...bad]) {
      const {store, record, warnings} = fresh();
      record.set('catalog', catalog);
      await store.flush();
      const file = JSON.parse(readFileSync(record.path, 'utf8'));
      file.sections.catalog.appended = appended;
      writeFileSync(record.path, JSON.stringify(file));
      expect(record.get('catalog')).toEqual(bad.includes(appended) ? catalog : {...catalog, appended});
      expect(warnings).toEqual([]);
    }
  });

  it('leaves a record of a newer format untouched', async () => {
    const {store, record, warnings} = fresh();
    const newer = JSON.stringify({format: RECORD_FORMAT + 1, fingerprint: {id: serverFingerprint(STDIO).id}, sections: {era: ERA}});
    writeFileSync(record.path, newer);
    expect(record.get('era')).toBeUndefined();
    record.set('era', {...ERA, era: 'modern'});
    await store.flush();
    expect(readFileSync(record.path, 'utf8')).toBe(newer);
    expect(warnings.at(-1)).toMatch(/written by a newer breakerbox \(format 2\); left as it is$/);
  });

  it('ignores a file that belongs to another fingerprint (copied or renamed)', () => {
    const {record, warnings} = fresh();
    writeFileSync(record.path, JSON.stringify({format: 1, fingerprint: {id: 'f'.repeat(32)}, sections: {era: ERA}}));
    expect(record.get('era')).toBeUndefined();
    expect(warnings[0]).toMatch(/belongs to another server fingerprint; ignored$/);
  });

  it('a record that cannot be written is a warning, not an error', async () => {
    const {store, record, warnings} = fresh();
    mkdirSync(record.path); // a directory where the file should be
    record.set('era', ERA);
    await store.flush();
    expect(warnings.join('\n')).toMatch(/could not save the server record/);
    expect(readdirSync(store.dir)).toEqual([basename(record.path)]);
  });

  it('writes in the background: not on disk when set returns, yet every record of the store reads it at once', async () => {
    const {store, record, warnings} = fresh();
    record.set('era', ERA);
    // Another record object of the same server (as the pins keep) sees it too.
    const again = store.record(serverFingerprint(STDIO));
    again.set('pins', {tools: {}});
    expect(existsSync(record.path)).toBe(false);
    expect(again.get('era')).toEqual(ERA);
    await store.flush();
    expect(JSON.parse(readFileSync(record.path, 'utf8')).sections).toEqual({era: ERA, pins: {tools: {}}});
    expect(readdirSync(store.dir)).toEqual([basename(record.path)]);
    expect(warnings).toEqual([]);
  });

  it('what is not written yet when the process exits is written then', () => {
    const state = tempDir('bb-rec-exit-');
    const script = [
      `import {ServerRecordStore} from ${JSON.stringify(join(ROOT, 'src/util/server-record.ts'))};`,
      `const store = ServerRecordStore.open({XDG_STATE_HOME: ${JSON.stringify(state)}});`,
      `store.record(${JSON.stringify(STDIO_FP)}).set('era', ${JSON.stringify(ERA)});`,
      'process.exit(0);',
    ].join('\n');
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {cwd: ROOT});
    const dir = join(state, 'breakerbox', 'servers');
    // A background write still in the thread pool at exit may leave its temporary file (seen on Node 24); the next open sweeps it.
    expect(readdirSync(dir).filter((f) => !f.endsWith('.tmp'))).toEqual([`gh-${STDIO_FP.id}.json`]);
    ServerRecordStore.open({XDG_STATE_HOME: state});
    expect(readdirSync(dir)).toEqual([`gh-${STDIO_FP.id}.json`]);
    expect(JSON.parse(readFileSync(join(dir, `gh-${STDIO_FP.id}.json`), 'utf8')).sections).toEqual({era: ERA});
  });

  it("sweeps temporary files of processes that are gone at open, and keeps a live process's", () => {
    const state = tempDir('bb-rec-sweep-');
    const dir = join(state, 'breakerbox', 'servers');
    ServerRecordStore.open({XDG_STATE_HOME: state});
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    const stale = `gh-${STDIO_FP.id}.json.${gone}.0a1b2c3d.tmp`;
    const live = `gh-${STDIO_FP.id}.json.${process.pid}.0a1b2c3d.tmp`;
    writeFileSync(join(dir, stale), '{');
    writeFileSync(join(dir, live), '{');
    ServerRecordStore.open({XDG_STATE_HOME: state});
    expect(readdirSync(dir)).toEqual([live]);
  });
});
