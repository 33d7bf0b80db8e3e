// A call refused with -32042 (URL elicitation required): each page is shown
// to the user as a URL elicitation would be (never opened by breakerbox), and
// the model learns from the result what the user answered.
import type {ToolUse} from '../agent/history.js';
import type {HubCallResult} from '../hub/types.js';
import type {RequiredUrl} from '../hub/url-required.js';
import type {TurnContext} from './context.js';

const ANSWERS = {
  accept: 'The user said they will open the link themselves.',
  decline: 'The user declined to open the link.',
  cancel: 'The user dismissed the link without answering.',
} as const;

/** The notice naming a page the user must visit first. */
export function requiredUrlNotice(alias: string, page: RequiredUrl): string {
  return `${alias} needs you to open ${page.url} first (breakerbox does not open it)${page.message ? `: ${page.message}` : ''}`;
}

/** Tells the user about every required page; the result the model gets says what they answered. */
export async function showRequiredUrls(use: ToolUse, result: HubCallResult, t: TurnContext): Promise<HubCallResult> {
  const alias = result.alias ?? use.name;
  const answers: string[] = [];
  for (const page of result.urlElicitations ?? []) {
    const what = page.message ? `: ${page.message}` : '';
    t.dispatch({type: 'notice/posted', level: 'warn', text: requiredUrlNotice(alias, page)});
    if (!t.askInput || t.signal.aborted) continue;
    const message = `${use.name} cannot run until you visit this page${what}`;
    const answer = await t.askInput({alias, kind: 'elicitation', message, url: page.url, ...(result.tool ? {tool: result.tool} : {})}, t.signal);
    answers.push(`${page.url}: ${ANSWERS[answer.action]}`);
  }
  if (answers.length === 0) return result;
  return {...result, content: [...result.content, {type: 'text', text: answers.join('\n')}]};
}
