// One question against a catalog with the offline model, the way a turn
// runs it (search calls answered locally), without servers: which tool the
// model ended up calling.
import type {ModelMessage} from '../../src/agent/model.js';
import {createScriptedModel} from '../../src/agent/models/scripted.js';
import {requestTools} from '../../src/agent/tool-search/request-tools.js';
import {runToolSearch, SEARCH_TOOL_NAME} from '../../src/agent/tool-search/search-tool.js';
import type {ToolSearchSettings} from '../../src/agent/tool-search/settings.js';
import type {Catalog} from '../../src/hub/types.js';

/** The tool the offline model calls for `question` (undefined: none), and how many searches it made. */
export async function ask(catalog: Catalog, question: string, settings: ToolSearchSettings): Promise<{called?: string; searches: number}> {
  const model = createScriptedModel();
  const history: ModelMessage[] = [{role: 'user', content: [{type: 'text', text: question}]}];
  let searches = 0;
  for (let step = 0; step < 4; step++) {
    const {tools, deferred} = requestTools(catalog, history, settings);
    const response = await model.respond({system: '', tools, messages: history});
    history.push({role: 'assistant', content: response.content});
    const use = response.content.find((b) => b.type === 'tool_use');
    if (!use || use.type !== 'tool_use') return {searches};
    if (use.name !== SEARCH_TOOL_NAME) return {called: use.name, searches};
    searches++;
    const outcome = await runToolSearch(use.input, deferred);
    history.push({role: 'user', content: [{type: 'tool_result', tool_use_id: use.id, content: [{type: 'text', text: outcome.text}]}]});
  }
  return {searches};
}
