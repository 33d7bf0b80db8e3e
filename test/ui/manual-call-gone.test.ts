// A call by hand that takes its own tool out of the table: the first call of a
// lazy server's cached tool starts the server, whose live list no longer has
// the tool as cached (gone, or changed so that trust withholds it). The view
// still shows that call's result, which says why it was not sent.
import {describe, expect, it} from 'vitest';
import {lineText} from '../../src/ui/line.js';
import {viewLines} from '../../src/ui/inspect/view-lines.js';
import {base, catalog, entry, run} from './fixtures.js';

const e = entry('tickets', 'greet');
const why = 'mcp__tickets__greet: the server tickets no longer offers this tool (its live list differs from the cached one); the call was not sent';

function callView(...after: Parameters<typeof run>[1][]) {
  const s = run(
    base(),
    {type: 'clock/ticked', at: 1_000},
    {type: 'catalog/rebuilt', catalog: catalog([e])},
    {type: 'inspect/opened', view: {kind: 'call', name: e.name}, replace: false},
    {type: 'manual/requested', id: 'm1', name: e.name, alias: 'tickets', tool: 'greet', arguments: {who: 'ada'}},
    ...after,
  );
  return viewLines(s, {kind: 'call', name: e.name}, undefined, 120).lines.map(lineText).join('\n');
}

describe('a call by hand whose tool left the table', () => {
  it('shows the call result under "not in the table any more"', () => {
    const text = callView(
      {type: 'manual/started', id: 'm1', at: 1_200},
      {type: 'manual/completed', id: 'm1', durationMs: 300, result: {isError: true, failure: 'unknown-tool', raw: '{}', text: why, output: 'none'}},
      {type: 'catalog/rebuilt', catalog: catalog([], 2)},
    );
    expect(text).toContain('this tool is not in the table any more');
    expect(text).toContain('Result (by hand: the model is not involved)');
    expect(text).toContain('no longer offers this tool');
  });

  it('says a call started since the clock last ticked has run 0 ms, not "?"', () => {
    const text = callView({type: 'manual/started', id: 'm1', at: 1_200});
    expect(text).toMatch(/status +running 0 ms/);
  });
});
