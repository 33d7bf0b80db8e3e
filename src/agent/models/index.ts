// The model providers behind the one `Model` interface (see ../model.ts).
export {AbortError, isAbortError} from './abort.js';
export {ModelError, type ModelErrorCode} from './model-error.js';
export {
  createAnthropicModel,
  resolveAnthropicModel,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_MAX_TOKENS,
  type AnthropicModelOptions,
} from './anthropic.js';
export {createScriptedModel, type ScriptedModelOptions} from './scripted.js';
export {loadScript, parseScript, ScriptError, type Script, type ScriptStep} from './script.js';
