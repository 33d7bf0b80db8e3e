// Checks 12–13: the agent loop with the offline scripted model.
import {runTurn, type LoopHub, type TurnOutcome} from '../agent/loop.js';
import type {Model} from '../agent/model.js';
import {createScriptedModel} from '../agent/models/scripted.js';
import {parseScript} from '../agent/models/script.js';
import {expect, quote, type Check} from './check.js';
import {counting, RUN_ALL} from './loop-probe.js';

function turn(question: string, hub: LoopHub, model: Model, maxSteps: number): Promise<TurnOutcome> {
  return runTurn(question, {model, hub, history: [], dispatch: () => {}, maxSteps, rules: RUN_ALL, alwaysAllowed: new Set(), signal: new AbortController().signal});
}

export const agentLoopCheck: Check = {
  n: 12,
  label: 'agent loop',
  async run(fx) {
    const {hub} = await fx.main;
    const name = `mcp__${fx.tickets.alias}__search`;
    const script = parseScript({steps: [{tool: name, input: {query: 'login'}}, {text: 'done'}]}, 'self-check');
    const outcome = await turn('find the login ticket', hub, createScriptedModel({script}), 4);
    expect(outcome.stopReason === 'end_turn', `the turn ended with ${outcome.stopReason}${outcome.error ? `: ${outcome.error}` : ''}`);
    const record = outcome.calls[0];
    expect(record, 'the model asked for a tool but no call was made');
    expect(record.name === name && record.tool === 'search' && record.server === fx.tickets.alias, `call record: name ${record.name}, server ${record.server}, tool ${record.tool}`);
    expect(!record.isError && record.text.startsWith('tickets/search received "search"'), `the server reply was ${quote(record.text)}`);
    return `the model called ${record.name}; ${record.server} received "search" and the turn ended with ${quote(outcome.answer)}`;
  },
};

export const stepLimitCheck: Check = {
  n: 13,
  label: 'step limit',
  async run(fx) {
    const {hub} = await fx.main;
    const script = parseScript({repeat: true, steps: [{tool: `mcp__${fx.tickets.alias}__search`, input: {query: 'ping'}}]}, 'ping-pong');
    const model = counting(createScriptedModel({script}));
    const outcome = await turn('keep searching', hub, model, 3);
    expect(outcome.stopReason === 'step_limit', `the turn ended with ${outcome.stopReason}, not step_limit`);
    expect(model.requests === 3, `the model was asked ${model.requests} times with maxSteps 3`);
    return `a ping-ponging model stopped after ${model.requests} requests (step_limit, ${outcome.calls.length} calls ran)`;
  },
};
