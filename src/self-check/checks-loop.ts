// Checks 12–13 and 15: the agent loop with the offline scripted model, read back from the store.
import {createScriptedModel} from '../agent/models/scripted.js';
import {parseScript} from '../agent/models/script.js';
import {turnCalls} from '../state/selectors.js';
import {expect, quote, type Check} from './check.js';
import {counting, turn} from './loop-probe.js';

export const agentLoopCheck: Check = {
  n: 12,
  label: 'agent loop',
  async run(fx) {
    const {hub} = await fx.main;
    const name = `mcp__${fx.tickets.alias}__search`;
    const script = parseScript({steps: [{tool: name, input: {query: 'login'}}, {text: 'done'}]}, 'self-check');
    const state = await turn('find the login ticket', hub, createScriptedModel({script}), 4);
    const outcome = state.turn.outcome;
    expect(outcome === 'end_turn', `the turn ended with ${outcome}${state.turn.error ? `: ${state.turn.error}` : ''}`);
    const card = turnCalls(state)[0];
    expect(card, 'the model asked for a tool but no call was made');
    const server = card.outcome?.alias;
    expect(card.name === name && card.outcome?.tool === 'search' && server === fx.tickets.alias, `call: name ${card.name}, server ${server}, tool ${card.outcome?.tool}`);
    const text = card.preview ?? '';
    expect(!card.outcome?.isError && text.startsWith('tickets/search received "search"'), `the server reply was ${quote(text)}`);
    return `the model called ${card.name}; ${server} received "search" and the turn ended with ${quote(state.turn.answer)}`;
  },
};

export const stepLimitCheck: Check = {
  n: 13,
  label: 'step limit',
  async run(fx) {
    const {hub} = await fx.main;
    const script = parseScript({repeat: true, steps: [{tool: `mcp__${fx.tickets.alias}__search`, input: {query: 'ping'}}]}, 'ping-pong');
    const model = counting(createScriptedModel({script}));
    const state = await turn('keep searching', hub, model, 3);
    expect(state.turn.outcome === 'step_limit', `the turn ended with ${state.turn.outcome}, not step_limit`);
    expect(model.requests === 3, `the model was asked ${model.requests} times with maxSteps 3`);
    return `a ping-ponging model stopped after ${model.requests} requests (step_limit, ${turnCalls(state).length} calls ran)`;
  },
};

export const toolSearchCheck: Check = {
  n: 15,
  label: 'tool search',
  async run(fx) {
    const {hub} = await fx.main;
    const name = `mcp__${fx.tickets.alias}__search`;
    const state = await turn(`search ${fx.tickets.alias} for login`, hub, createScriptedModel(), 4, {mode: 'on'});
    const calls = turnCalls(state);
    expect(calls[0]?.name === 'search_tools', `the first call was ${calls[0]?.name ?? 'none'}, not search_tools, with every tool deferred`);
    expect((calls[0]?.preview ?? '').includes(`${name} — `), `the search found ${quote(calls[0]?.preview ?? '')}`);
    expect(calls[1]?.name === name && !calls[1]?.outcome?.isError, `after the search the model called ${calls[1]?.name ?? 'nothing'}`);
    return `with every tool deferred the offline model searched, found ${name} and called it`;
  },
};
