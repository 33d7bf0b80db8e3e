// Who keeps what an arm's open servers added to the heap (issue #17,
// BENCHMARKS.md §30): reads the two snapshots `open-heap.mjs` keeps
// (SNAPSHOT=prefix) and charges every node new in the second to its nearest
// "owner" up its retainers (breadth first): an instance of a named class and
// the field that holds it (`ServerSlot.tools`, `ListedPin.definition`), a
// WeakMap's entry (by the variable holding the WeakMap: `translations`,
// `checks`), or a closure. A node held from several places is charged to the
// nearest one only; code (bytecode, feedback) lands on closures.
//
//   SNAPSHOT=/tmp/hub node --expose-gc bench/profile/open-heap.mjs bb-hub
//   node bench/profile/heap-owners.mjs /tmp/hub-before.heapsnapshot /tmp/hub-after.heapsnapshot [top=30]
import {readFileSync} from 'node:fs';
const [bf, af, n = '40'] = process.argv.slice(2);
const load = (f) => JSON.parse(readFileSync(f, 'utf8'));
const b = load(bf);
const bW = b.snapshot.meta.node_fields.length, bID = b.snapshot.meta.node_fields.indexOf('id');
const old = new Set(); for (let i = 0; i < b.nodes.length; i += bW) old.add(b.nodes[i + bID]);
const s = load(af);
const {node_fields: nf, node_types: [types], edge_fields: ef, edge_types: [etypes]} = s.snapshot.meta;
const W = nf.length, EW = ef.length;
const T = nf.indexOf('type'), N = nf.indexOf('name'), S = nf.indexOf('self_size'), EC = nf.indexOf('edge_count'), ID = nf.indexOf('id');
const ET = ef.indexOf('type'), EN = ef.indexOf('name_or_index'), ETO = ef.indexOf('to_node');
const {nodes, edges, strings} = s;
const count = nodes.length / W;
const first = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) { first[i] = e; e += nodes[i * W + EC] * EW; }
first[count] = edges.length;
const ret = Array.from({length: count}, () => []);
for (let i = 0; i < count; i++) for (let e = first[i]; e < first[i + 1]; e += EW) {
  const t = etypes[edges[e + ET]]; if (t === 'weak' || t === 'shortcut') continue;
  ret[edges[e + ETO] / W].push([i, t === 'element' || t === 'hidden' ? '[]' : String(strings[edges[e + EN]]), t]);
}
const name = (i) => strings[nodes[i * W + N]];
const type = (i) => types[nodes[i * W + T]];
// an owner: a named class instance (not Object/Array/system) holding via a property, or a WeakMap entry
const isOwner = (holder, edge) => {
  const t = type(holder), nm = name(holder);
  if (/part of key/.test(edge)) { const m = edge.match(/table @(\d+)/); return `WeakMap-entry ${m ? tableName(Number(m[1])) : '?'}`; }
  if (t === 'object' && nm && !['Object', 'Array', 'Map', 'Set', 'system / Context', 'WeakMap', 'Promise'].includes(nm) && !nm.startsWith('system')) return `${nm}.${edge}`;
  if (t === 'closure') return `closure ${nm}`;
  return undefined;
};
const byId = new Map(); for (let i = 0; i < count; i++) byId.set(nodes[i * W + ID], i);
const tableName = (id) => { const t = byId.get(id); if (t === undefined) return '?'; const wm = ret[t][0]; if (!wm) return '?'; const h = ret[wm[0]].find(([x, e]) => type(x) !== 'synthetic'); return h ? `${h[1]}` : '?'; };
const groups = new Map();
for (let i = 0; i < count; i++) {
  if (old.has(nodes[i * W + ID])) continue;
  let found = '(none)';
  const seen = new Set([i]); let frontier = [i];
  outer: for (let d = 0; d < 14 && frontier.length; d++) {
    const next = [];
    for (const v of frontier) for (const [h, edge] of ret[v]) {
      const o = isOwner(h, edge);
      if (o) { found = o; break outer; }
      if (!seen.has(h)) { seen.add(h); next.push(h); }
    }
    frontier = next;
  }
  const g = groups.get(found) ?? [0, 0]; g[0]++; g[1] += nodes[i * W + S]; groups.set(found, g);
}
for (const [k, [c, sz]] of [...groups].sort((a, b) => b[1][1] - a[1][1]).slice(0, Number(n))) console.log(String(sz).padStart(8), String(c).padStart(6), k);
