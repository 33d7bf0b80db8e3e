import type {HubEvent} from '../hub/hub-events.js';
import type {AppEvent} from '../state/events.js';

/** Translates what the hub reports into reducer events. */
export function hubEventToAppEvents(event: HubEvent): AppEvent[] {
  switch (event.type) {
    case 'status':
      return [{type: 'server/status', status: event.status}];
    case 'page':
      return [{type: 'server/page-listed', alias: event.alias, page: event.page}];
    case 'catalog':
      return [{type: 'catalog/rebuilt', catalog: event.catalog}];
    case 'trace':
      return [{type: 'trace/recorded', alias: event.alias, entry: event.line}];
    case 'dropped':
      return [{type: 'notice/posted', level: 'warn', text: `${event.alias}: ${event.dropped.length} malformed tool(s) dropped (${event.dropped.map((d) => `${d.name ?? '?'}: ${d.reason}`).join('; ').slice(0, 200)})`}];
    case 'inputs-declined':
      return [{type: 'notice/posted', level: 'warn', text: event.text}];
    case 'log':
      return [{type: 'trace/recorded', alias: event.alias, entry: {at: Date.now(), direction: 'in', kind: 'notification', summary: `log ${event.level}: ${event.text}`}}];
    default:
      return [];
  }
}
