// Slash commands typed in the input line, parsed into intents. Pure: the app
// decides what an intent does.

/** One command as `/help` lists it. */
export interface SlashCommand {
  name: string;
  args: string;
  help: string;
}

/** Every command, in the order `/help` shows them. */
export const SLASH_COMMANDS: readonly SlashCommand[] = [
  {name: 'help', args: '', help: 'keys and commands'},
  {name: 'tools', args: '[filter]', help: 'focus the tool table, filtered by words (no filter: show all)'},
  {name: 'servers', args: '', help: 'focus the server list'},
  {name: 'trace', args: '[alias]', help: "show or hide the protocol trace (of a server)"},
  {name: 'reconnect', args: '<alias>', help: 'restart a server and list its tools again'},
  {name: 'login', args: '<alias>', help: 'log in to a remote server (opens a dialog with the login page)'},
  {name: 'logout', args: '<alias>', help: 'log out of a remote server (revokes its tokens)'},
  {name: 'trust', args: '<tool>', help: 'accept a tool that changed since pinned or hides invisible characters (pin it as it is now)'},
  {name: 'tool', args: '<name>', help: 'a tool’s details: its name and how it was made, schemas, annotations (also Enter on a row)'},
  {name: 'call', args: '<name> [json]', help: 'call a tool by hand (the model is not involved); without json: a form'},
  {name: 'server', args: '<alias>', help: 'a server’s details: era, capabilities, pages, restarts (also Enter on a row)'},
  {name: 'relist', args: '<alias>', help: 'list a server’s tools again, page by page in the trace, with a diff'},
  {name: 'logs', args: '<alias>', help: 'a server’s log entries (notifications/message)'},
  {name: 'loglevel', args: '<alias> <level>', help: 'what a server logs: debug info notice warning error critical alert emergency'},
  {name: 'resources', args: '[alias]', help: 'the servers’ resources: Enter reads one; @alias:uri in a question attaches it'},
  {name: 'clear', args: '', help: 'clear the conversation'},
  {name: 'quit', args: '', help: 'close every server and leave'},
  {name: 'export', args: '[file]', help: 'write the conversation as markdown (default: a timestamped file here)'},
  {name: 'copy', args: '', help: 'copy the last answer to the clipboard (OSC 52)'},
  {name: 'accept', args: '<alias>', help: 'let a server whose requests you declined (Ctrl-X) ask you again'},
];

/** What a command asks for. */
export type SlashIntent =
  | {kind: 'help'}
  | {kind: 'tools'; filter: string}
  | {kind: 'servers'}
  | {kind: 'trace'; alias?: string}
  | {kind: 'reconnect' | 'accept' | 'login' | 'logout'; alias: string}
  | {kind: 'trust'; tool: string}
  | {kind: 'tool'; name: string}
  | {kind: 'call'; name: string; json?: string}
  | {kind: 'server' | 'relist' | 'logs'; alias: string}
  | {kind: 'loglevel'; alias: string; level: string}
  | {kind: 'resources'; alias?: string}
  | {kind: 'prompt'; name: string; args: string}
  | {kind: 'export'; file?: string}
  | {kind: 'copy'}
  | {kind: 'clear'}
  | {kind: 'quit'}
  | {kind: 'invalid'; message: string};

const ALIASES: Readonly<Record<string, string>> = {exit: 'quit', q: 'quit', '?': 'help', h: 'help'};

/** Parses `/name args`; `aliases` are the configured servers, `prompts` the prompt commands (`mcp__alias__prompt`). */
export function parseSlash(text: string, aliases: readonly string[], prompts: readonly string[] = []): SlashIntent {
  const [head, ...rest] = text.trim().slice(1).split(/\s+/);
  if (prompts.includes(head)) return {kind: 'prompt', name: head, args: text.trim().slice(1 + head.length).trim()};
  const name = ALIASES[head.toLowerCase()] ?? head.toLowerCase();
  const arg = rest.join(' ').trim();
  const known = () => (aliases.length ? aliases.join(', ') : 'none configured');
  switch (name) {
    case 'help':
    case 'servers':
    case 'clear':
    case 'copy':
    case 'quit':
      return {kind: name};
    case 'export':
      return arg ? {kind: 'export', file: arg} : {kind: 'export'};
    case 'tools':
      return {kind: 'tools', filter: arg};
    case 'trace':
      if (arg && !aliases.includes(arg)) return {kind: 'invalid', message: `no server called “${arg}”; servers: ${known()}`};
      return arg ? {kind: 'trace', alias: arg} : {kind: 'trace'};
    case 'reconnect':
    case 'accept':
    case 'login':
    case 'logout':
      if (!arg) return {kind: 'invalid', message: `usage: /${name} <alias> (one of: ${known()})`};
      if (!aliases.includes(arg)) return {kind: 'invalid', message: `no server called “${arg}”; servers: ${known()}`};
      return {kind: name, alias: arg};
    case 'trust':
      if (!arg) return {kind: 'invalid', message: 'usage: /trust <tool> (its model name, as the tool table shows it)'};
      return {kind: 'trust', tool: arg};
    case 'server':
    case 'relist':
    case 'logs':
      if (!arg) return {kind: 'invalid', message: `usage: /${name} <alias> (one of: ${known()})`};
      if (!aliases.includes(arg)) return {kind: 'invalid', message: `no server called “${arg}”; servers: ${known()}`};
      return {kind: name, alias: arg};
    case 'loglevel': {
      const [alias, level, ...more] = rest;
      if (!alias || !level || more.length) return {kind: 'invalid', message: 'usage: /loglevel <alias> <level> (debug info notice warning error critical alert emergency)'};
      if (!aliases.includes(alias)) return {kind: 'invalid', message: `no server called “${alias}”; servers: ${known()}`};
      return {kind: 'loglevel', alias, level};
    }
    case 'resources':
      if (arg && !aliases.includes(arg)) return {kind: 'invalid', message: `no server called “${arg}”; servers: ${known()}`};
      return arg ? {kind: 'resources', alias: arg} : {kind: 'resources'};
    case 'tool':
      return rest.length === 1 ? {kind: 'tool', name: rest[0]!} : {kind: 'invalid', message: 'usage: /tool <name> (a model name from the Tools pane, e.g. mcp__notes__search)'};
    case 'call': {
      if (!rest[0]) return {kind: 'invalid', message: 'usage: /call <name> [{"json":"arguments"}]'};
      const json = text.trim().slice(1 + head.length).trim().slice(rest[0].length).trim();
      return json ? {kind: 'call', name: rest[0], json} : {kind: 'call', name: rest[0]};
    }
    default:
      return {kind: 'invalid', message: `unknown command /${head}; commands: ${SLASH_COMMANDS.map((c) => `/${c.name}`).join(' ')}`};
  }
}
