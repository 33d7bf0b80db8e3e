// A big, realistic catalog without processes: 10 servers × 50 tools, each
// with a one-paragraph description and a JSON Schema of a few typed fields,
// shaped like what popular MCP servers list. Used by the catalog-size
// figures (BENCHMARKS.md) and the tool search accuracy test.
import type {ServerTools} from '../../src/hub/catalog.js';

const DOMAINS: Record<string, {noun: string; objects: string[]}> = {
  github: {noun: 'GitHub', objects: ['repository', 'pull_request', 'issue', 'branch', 'release', 'workflow', 'gist', 'commit', 'label', 'milestone']},
  jira: {noun: 'Jira', objects: ['project', 'epic', 'sprint', 'board', 'worklog', 'component', 'version', 'filter', 'dashboard', 'attachment']},
  slack: {noun: 'Slack', objects: ['channel', 'message', 'thread', 'reaction', 'reminder', 'bookmark', 'usergroup', 'emoji', 'canvas', 'huddle']},
  gmail: {noun: 'Gmail', objects: ['email', 'draft', 'mailbox', 'contact', 'signature', 'forward_rule', 'vacation_reply', 'alias', 'spam_report', 'inbox_tab']},
  calendar: {noun: 'Google Calendar', objects: ['event', 'calendar', 'invitation', 'room', 'availability', 'timezone', 'recurrence', 'agenda', 'holiday', 'meeting_link']},
  drive: {noun: 'Google Drive', objects: ['file', 'folder', 'permission', 'revision', 'shortcut', 'shared_drive', 'spreadsheet', 'presentation', 'document', 'trash_item']},
  postgres: {noun: 'PostgreSQL', objects: ['table', 'index', 'schema', 'view', 'query_plan', 'role', 'extension', 'sequence', 'trigger', 'backup']},
  stripe: {noun: 'Stripe', objects: ['customer', 'invoice', 'subscription', 'refund', 'payout', 'coupon', 'price', 'product', 'dispute', 'payment_link']},
  notion: {noun: 'Notion', objects: ['page', 'database', 'block', 'comment', 'template', 'workspace', 'property', 'relation', 'synced_block', 'wiki']},
  weather: {noun: 'the weather service', objects: ['forecast', 'alert', 'radar_map', 'air_quality', 'pollen_count', 'uv_index', 'sunrise_time', 'tide_table', 'storm_track', 'climate_normal']},
};

const VERBS: Array<[string, string]> = [
  ['create', 'Creates a new'],
  ['get', 'Fetches one'],
  ['list', 'Lists every'],
  ['update', 'Changes the fields of an existing'],
  ['delete', 'Permanently removes a'],
];

const words = (object: string) => object.replace(/_/g, ' ');

/** The servers of the big catalog, in config order. */
export function bigCatalog(): ServerTools[] {
  return Object.entries(DOMAINS).map(([alias, d]) => ({
    alias,
    trusted: false,
    tools: VERBS.flatMap(([verb, phrase]) =>
      d.objects.map((object) => ({
        name: `${verb}_${object}`,
        description:
          `${phrase} ${words(object)} in ${d.noun}. Use it when the user names a ${words(object)} or asks to ${verb} one. ` +
          `Returns the ${words(object)} as JSON with its id, name, owner, timestamps and a link; errors name the field that was wrong.`,
        inputSchema: {
          type: 'object',
          properties: {
            ...(verb === 'list' ? {limit: {type: 'integer', minimum: 1, maximum: 100, description: 'How many to return'}, cursor: {type: 'string', description: 'Where the previous page ended'}} : {id: {type: 'string', description: `The ${words(object)} id`}}),
            ...(verb === 'create' || verb === 'update' ? {name: {type: 'string', description: `The ${words(object)} name`}, fields: {type: 'object', description: 'Other fields to set', additionalProperties: true}} : {}),
            workspace: {type: 'string', description: `The ${d.noun} workspace or account`},
          },
          required: verb === 'list' ? [] : ['id'],
          additionalProperties: false,
        },
      })),
    ),
  }));
}

/**
 * 30 questions and the tool each should end in. The offline model matches
 * words, so each question names what to do the way a tool name says it; a
 * real model needs no such help.
 */
export const QUESTIONS: Array<[string, string]> = [
  ['create a pull request on github for my branch', 'mcp__github__create_pull_request'],
  ['get github issue 42', 'mcp__github__get_issue'],
  ['list the github releases', 'mcp__github__list_release'],
  ['delete the stale github branch feature-x', 'mcp__github__delete_branch'],
  ['get jira sprint 7', 'mcp__jira__get_sprint'],
  ['create a jira epic for the billing rewrite', 'mcp__jira__create_epic'],
  ['list all jira dashboards', 'mcp__jira__list_dashboard'],
  ['post a slack message to the team', 'mcp__slack__create_message'],
  ['list the slack channels I am in', 'mcp__slack__list_channel'],
  ['set a slack reminder for friday', 'mcp__slack__create_reminder'],
  ['create a gmail draft replying to Bob', 'mcp__gmail__create_draft'],
  ['update my gmail signature', 'mcp__gmail__update_signature'],
  ['turn on my gmail vacation reply', 'mcp__gmail__create_vacation_reply'],
  ['schedule a calendar event tomorrow at 10', 'mcp__calendar__create_event'],
  ['get my calendar availability next week', 'mcp__calendar__get_availability'],
  ['list calendar holidays this year', 'mcp__calendar__list_holiday'],
  ['create a drive permission for Ana', 'mcp__drive__create_permission'],
  ['list drive revisions', 'mcp__drive__list_revision'],
  ['delete drive trash item 12', 'mcp__drive__delete_trash_item'],
  ['get the postgres query plan for the orders report', 'mcp__postgres__get_query_plan'],
  ['create a postgres index on orders.created_at', 'mcp__postgres__create_index'],
  ['list postgres tables', 'mcp__postgres__list_table'],
  ['refund the last stripe payment', 'mcp__stripe__create_refund'],
  ['get stripe invoice in_123', 'mcp__stripe__get_invoice'],
  ['delete the stripe subscription sub_9', 'mcp__stripe__delete_subscription'],
  ['create a notion comment saying thanks', 'mcp__notion__create_comment'],
  ['list notion databases in my workspace', 'mcp__notion__list_database'],
  ['get the weather forecast for Lisbon', 'mcp__weather__get_forecast'],
  ['get the storm track near Florida', 'mcp__weather__get_storm_track'],
  ['get the uv index today', 'mcp__weather__get_uv_index'],
];
