// The minimal hand-rolled client the startup targets compare with: spawns the
// bundled config's two servers (servers/notes.mjs, modern era; and
// servers/tickets.mjs, legacy era), speaks each one's known era without
// probing, lists every page, prints the tool names and exits after closing
// both. Nothing a real client needs beyond that: no config file, no
// validation, no timeouts. The JSON-RPC loop is bench/arms/raw.mjs.
import { fileURLToPath } from 'node:url';
import { load } from '../arms/raw.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const raw = await load();
const servers = [
  { script: 'servers/notes.mjs', era: 'modern' },
  { script: 'servers/tickets.mjs', era: 'legacy' },
];
const clients = await Promise.all(servers.map((s) => raw.connect({ command: process.execPath, args: [ROOT + s.script], env: process.env, era: s.era })));
const lists = await Promise.all(clients.map((c) => c.listAll()));
process.stdout.write(lists.flat().map((t) => t.name).join('\n') + '\n');
await Promise.all(clients.map((c) => c.close()));
