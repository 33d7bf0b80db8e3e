// Finding tools by words: BM25 over each tool's name words and description
// (minisearch), with the same word splitting and stemming the offline model
// uses, so `read_file`, `readFile` and "reading files" meet.
import MiniSearch from 'minisearch';
import type {CatalogEntry} from '../../hub/types.js';
import {contentWords, tokenize} from '../models/tool-picker.js';

interface Doc {
  id: number;
  name: string;
  description: string;
}

const cache = new WeakMap<readonly CatalogEntry[], MiniSearch<Doc>>();

function indexOf(entries: readonly CatalogEntry[]): MiniSearch<Doc> {
  let index = cache.get(entries);
  if (index) return index;
  index = new MiniSearch<Doc>({fields: ['name', 'description'], tokenize});
  index.addAll(entries.map((e, id) => ({id, name: `${e.alias} ${e.tool} ${e.title ?? ''}`, description: e.originalDescription ?? e.description})));
  cache.set(entries, index);
  return index;
}

/** The best `limit` tools of `entries` for `query`, best first (table order on a tie). */
export function searchEntries(entries: readonly CatalogEntry[], query: string, limit: number): CatalogEntry[] {
  const terms = contentWords(query);
  if (terms.length === 0 || entries.length === 0) return [];
  const hits = indexOf(entries).search(terms.join(' '), {boost: {name: 2}, prefix: (t) => t.length >= 4, combineWith: 'OR', tokenize: (s) => s.split(' ')});
  return hits
    .sort((a, b) => b.score - a.score || (a.id as number) - (b.id as number))
    .slice(0, limit)
    .map((h) => entries[h.id as number]!);
}
