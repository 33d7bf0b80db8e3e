// The TUI chooses its model without loading the provider's SDK: the SDK (the
// largest module we have) loads at the model's first use, so it no longer
// stands between the first frame and the servers' start (BENCHMARKS.md §10).
// The facts the app shows and plans with must be the provider's own.
import {describe, expect, it, vi} from 'vitest';
import {parseCli} from '../../src/cli/args.js';
import {chooseModel} from '../../src/cli/setup.js';
import type {DeferredModel} from '../../src/agent/models/deferred.js';
import type {Model} from '../../src/agent/model.js';

const imported = {anthropic: 0, openai: 0};
vi.mock('../../src/agent/models/anthropic.js', async (importOriginal) => {
  imported.anthropic++;
  return importOriginal();
});
vi.mock('../../src/agent/models/openai.js', async (importOriginal) => {
  imported.openai++;
  return importOriginal();
});

const facts = (m: Model) => ({label: m.label, offline: m.offline, provider: m.provider, contextWindow: m.contextWindow, serverToolSearch: m.serverToolSearch, countsTokens: typeof m.countToolTokens === 'function'});

describe('a deferred model', () => {
  it('anthropic: chosen without its SDK, with the facts of the model it loads at first use', async () => {
    const model = (await chooseModel(parseCli(['--model', 'claude-test']), {ANTHROPIC_API_KEY: 'k'}, {defer: true})) as DeferredModel;
    expect(imported.anthropic).toBe(0);
    expect(facts(model)).toMatchObject({label: 'claude-test', provider: 'anthropic', offline: false});
    const loaded = await model.load();
    expect(imported.anthropic).toBe(1);
    expect(facts(model)).toEqual(facts(loaded));
    // One load, however many uses.
    expect(await model.load()).toBe(loaded);
  });

  it('openai (a local server named by its host): chosen without its SDK, with the same facts', async () => {
    const model = (await chooseModel(parseCli(['--provider', 'openai']), {OPENAI_BASE_URL: 'http://127.0.0.1:9/v1/'}, {defer: true})) as DeferredModel;
    expect(imported.openai).toBe(0);
    expect(model.label).toMatch(/ @ 127\.0\.0\.1:9$/);
    expect(facts(model)).toEqual(facts(await model.load()));
    expect(imported.openai).toBe(1);
  });

  it('without defer (--print), the choice is the provider\'s own model, as before', async () => {
    const model = await chooseModel(parseCli([]), {ANTHROPIC_API_KEY: 'k'});
    expect('load' in model).toBe(false);
    expect(model.provider).toBe('anthropic');
  });
});
