// A `-32042` error (URL elicitation required, 2025-11-25): the server cannot
// serve the request until the user has visited one or more pages. The URLs
// come in `error.data.elicitations`; they are shown to the user like a URL
// elicitation (breakerbox never opens them) and explained to the model.
import {stripControl, stripControlLine} from '../util/sanitize.js';

/** JSON-RPC code of URLElicitationRequiredError. */
export const URL_ELICITATION_REQUIRED = -32042;

/** One page the user must visit before the call can work. */
export interface RequiredUrl {
  url: string;
  message: string;
  elicitationId?: string;
}

/** The URL elicitations an error's `data` carries (malformed entries are left out); at most 5. */
export function requiredUrls(data: unknown): RequiredUrl[] {
  const list = isObject(data) && Array.isArray(data.elicitations) ? data.elicitations : [];
  const out: RequiredUrl[] = [];
  for (const e of list.slice(0, 5)) {
    if (!isObject(e) || typeof e.url !== 'string' || e.url.trim() === '') continue;
    if (e.mode !== undefined && e.mode !== 'url') continue;
    out.push({
      url: stripControlLine(e.url).slice(0, 2000),
      message: stripControl(typeof e.message === 'string' ? e.message : '').slice(0, 500),
      ...(typeof e.elicitationId === 'string' ? {elicitationId: stripControlLine(e.elicitationId).slice(0, 200)} : {}),
    });
  }
  return out;
}

/** What the model is told: the call did not run, and why. */
export function urlRequiredText(who: string, message: string, urls: readonly RequiredUrl[]): string {
  const pages = urls.map((u) => `- ${u.url}${u.message ? ` (${u.message})` : ''}`).join('\n');
  return (
    `${who} did not run: the server needs the user to complete a step in a web page first (URL elicitation required, -32042: ${stripControlLine(message)}).\n` +
    `${pages}\nThe link was shown to the user; breakerbox never opens links itself. Tell the user what it is for; once they say they have finished, the call can be tried again.`
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
