// The interactive choice of `breakerbox import` in a terminal: a numbered
// prompt read as one line, so a pasted answer works like a typed one.
import {createInterface} from 'node:readline';
import type {Candidate} from '../../config/import/normalize.js';
import {importAlias} from '../../config/import/plan.js';
import type {CliIo} from './io.js';

/** Which rows an answer picks (1-based numbers, ranges, names, `all`), or a message saying what is wrong. */
export function parseChoice(answer: string, names: readonly string[]): {picked: number[]} | {error: string} {
  const text = answer.trim();
  if (text === '') return {picked: []};
  if (/^(all|a|\*)$/i.test(text)) return {picked: names.map((_n, i) => i)};
  const picked = new Set<number>();
  for (const part of text.split(/[\s,]+/).filter(Boolean)) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2] ?? range[1]);
      if (from < 1 || to > names.length || from > to) return {error: `${part}: choose numbers from 1 to ${names.length}`};
      for (let i = from; i <= to; i++) picked.add(i - 1);
      continue;
    }
    const byName = names.flatMap((n, i) => (n === part || importAlias(n) === part ? [i] : []));
    if (byName.length === 0) return {error: `${part}: no such number or server name`};
    for (const i of byName) picked.add(i);
  }
  return {picked: [...picked].sort((a, b) => a - b)};
}

/** Asks until the answer is valid (or stdin ends, which chooses nothing). */
export async function askChoice(candidates: Candidate[], io: CliIo): Promise<Candidate[]> {
  const rl = createInterface({input: io.stdin, terminal: false});
  const lines = rl[Symbol.asyncIterator]();
  try {
    for (;;) {
      io.stdout.write('Import which servers? Numbers or names (e.g. 1,3-4), "all", or Enter for none: ');
      const next = await lines.next();
      if (next.done) return [];
      const r = parseChoice(next.value, candidates.map((c) => c.source.name));
      if ('picked' in r) return r.picked.map((i) => candidates[i]!);
      io.stdout.write(`${r.error}\n`);
    }
  } finally {
    rl.close();
  }
}
