// Variable references as other clients write them, rewritten to breakerbox's
// `${NAME}`. Claude Code expands `${NAME}` and `${NAME:-default}` as
// breakerbox does; VS Code, Cursor and Windsurf write `${env:NAME}` and their
// own `${userHome}`, `${workspaceFolder}` and (VS Code) `${input:id}`; Gemini
// CLI expands `$NAME` too; the others take values literally, so a literal
// `${` must become breakerbox's escape `$${`.
import {basename} from 'node:path';
import type {ClientId, Platform} from '../other-clients.js';
import type {VsInput} from './sources.js';

/** What a reference can be resolved against. */
export interface RefContext {
  client: ClientId;
  /** The workspace of a project file (its folder's parent); absent for user files. */
  workspace?: string;
  platform: Platform;
  inputs: readonly VsInput[];
}

/** The rewritten text and the VS Code inputs it now names as variables, or why it cannot be rewritten. */
export type RefResult = {ok: true; value: string; inputs: VsInput[]} | {ok: false; problem: string};

/** The variable a VS Code input becomes: `api-key` → `API_KEY`. */
export function inputVariable(id: string): string {
  const name = id.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[A-Z_]/.test(name) ? name : `INPUT_${name}`;
}

/** Rewrites every reference in `text`. */
export function convertRefs(text: string, ctx: RefContext): RefResult {
  switch (ctx.client) {
    case 'claude-code':
      return {ok: true, value: text, inputs: []};
    case 'vscode':
    case 'cursor':
    case 'windsurf':
      return editorRefs(text, ctx);
    case 'gemini':
      return {ok: true, value: text.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => `\${${name}}`), inputs: []};
    default:
      return {ok: true, value: text.replaceAll('${', () => '$${'), inputs: []};
  }
}

function editorRefs(text: string, ctx: RefContext): RefResult {
  const inputs: VsInput[] = [];
  let problem: string | undefined;
  const value = text.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    const [kind, arg] = inner.includes(':') ? [inner.slice(0, inner.indexOf(':')), inner.slice(inner.indexOf(':') + 1)] : [inner, undefined];
    if (kind === 'env' && arg && /^[A-Za-z_][A-Za-z0-9_]*$/.test(arg)) return `\${${arg}}`;
    if (kind === 'userHome' && arg === undefined) return '${HOME}';
    if ((kind === 'pathSeparator' || kind === '/') && arg === undefined) return ctx.platform === 'win32' ? '\\' : '/';
    if ((kind === 'workspaceFolder' || kind === 'workspaceFolderBasename') && arg === undefined) {
      if (ctx.workspace) return kind === 'workspaceFolder' ? ctx.workspace : basename(ctx.workspace);
      problem ??= `${whole} has no meaning outside a workspace`;
      return whole;
    }
    if (kind === 'input' && arg && ctx.client === 'vscode') {
      const declared = ctx.inputs.find((i) => i.id === arg) ?? {id: arg};
      inputs.push(declared);
      return `\${${inputVariable(arg)}}`;
    }
    problem ??= `${whole} cannot be converted (breakerbox expands only environment variables)`;
    return whole;
  });
  return problem ? {ok: false, problem} : {ok: true, value, inputs};
}

/** True when `text` holds at least one `${…}` reference (not the `$${` escape). */
export function hasReference(text: string): boolean {
  return /(^|[^$])\$\{[^}]+\}/.test(text);
}
