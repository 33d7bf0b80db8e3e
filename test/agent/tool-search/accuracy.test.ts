// Over 10 servers × 50 tools, the offline model finds the right tool by
// search for at least 27 of 30 questions, and no fewer than with the whole
// table sent; and the table is big enough that auto defers it.
import {describe, expect, it} from 'vitest';
import {deferredNames} from '../../../src/agent/tool-search/settings.js';
import {buildCatalog} from '../../../src/hub/catalog.js';
import {ask} from '../../../bench/catalog/ask.js';
import {bigCatalog, QUESTIONS} from '../../../bench/catalog/big-catalog.js';

const catalog = buildCatalog(bigCatalog()).catalog;

async function score(mode: 'on' | 'off'): Promise<{right: number; searches: number; wrong: string[]}> {
  let right = 0;
  let searches = 0;
  const wrong: string[] = [];
  for (const [question, expected] of QUESTIONS) {
    const r = await ask(catalog, question, {mode});
    searches += r.searches;
    if (r.called === expected) right++;
    else wrong.push(`${question} → ${r.called ?? 'nothing'}`);
  }
  return {right, searches, wrong};
}

describe('tool search over a big catalog', () => {
  it('is on by default (auto) for 500 tools', () => {
    expect(catalog.entries).toHaveLength(500);
    expect(deferredNames(catalog.entries, {mode: 'auto'}).size).toBe(500);
  });

  it('finds the right tool for at least 27 of 30 questions, no fewer than with every tool sent', async () => {
    const on = await score('on');
    const off = await score('off');
    expect(on.searches).toBe(30);
    expect(on.right, on.wrong.join('\n')).toBeGreaterThanOrEqual(27);
    expect(on.right).toBeGreaterThanOrEqual(off.right);
  });
});
