// The trust notices: a newly withheld tool, a tool removed since pinned, and
// findings in a server's instructions, prompts or resources, each told once.
import {expect, it} from 'vitest';
import {TrustNotices} from '../../src/driver/trust-notices.js';
import type {Inspector} from '../../src/hub/inspector.js';
import {scanText, type Finding} from '../../src/hub/trust/scan.js';
import type {Catalog, CatalogEntry} from '../../src/hub/types.js';

const held: CatalogEntry = {
  name: 'mcp__rug__add', alias: 'rug', tool: 'add', description: '', inputSchema: {type: 'object'}, trusted: false, mangling: 'none',
  pinCheck: {state: 'changed', withheld: ['changed'], mustAsk: true}, withheld: 'withheld',
};
const catalog = (withheld: CatalogEntry[], removed: Catalog['removed'] = []): Catalog => ({entries: [], byName: new Map(), version: 1, withheld, removed});

it('tells a withheld tool, a removed one and a server’s text findings once each', () => {
  let findings: Finding[] = [];
  const told: string[] = [];
  const notices = new TrustNotices({findings: () => findings} as unknown as Inspector, () => ['rug'], (_level, text) => told.push(text));

  notices.seen({type: 'catalog/rebuilt', catalog: catalog([held], [{alias: 'rug', tool: 'gone'}])});
  notices.seen({type: 'catalog/rebuilt', catalog: catalog([held], [{alias: 'rug', tool: 'gone'}])});
  expect(told).toEqual([
    'mcp__rug__add changed since pinned: withheld from the model; /tool mcp__rug__add shows why, /trust mcp__rug__add accepts it',
    'rug no longer lists gone, a tool pinned before (removed)',
  ]);
  // Trusted, then withheld again: told again.
  notices.seen({type: 'catalog/rebuilt', catalog: catalog([])});
  notices.seen({type: 'catalog/rebuilt', catalog: catalog([held])});
  expect(told).toHaveLength(3);

  told.length = 0;
  notices.seen({type: 'prompts/rebuilt', table: {} as never});
  expect(told).toEqual([]);
  findings = scanText(`Sums.${String.fromCodePoint(0xe0041)}`, 'instructions');
  notices.seen({type: 'server/resources-listed', alias: 'rug', resources: [], templates: [], dropped: []});
  notices.seen({type: 'prompts/rebuilt', table: {} as never});
  expect(told).toEqual(['rug: 1 hidden-instruction finding outside its tools (/server rug): ✖ invisible tag characters at instructions, line 1, column 6: hidden text "A" (1 tag character)']);
});
