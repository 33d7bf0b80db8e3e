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
  {name: 'clear', args: '', help: 'clear the conversation'},
  {name: 'quit', args: '', help: 'close every server and leave'},
];

/** What a command asks for. */
export type SlashIntent =
  | {kind: 'help'}
  | {kind: 'tools'; filter: string}
  | {kind: 'servers'}
  | {kind: 'trace'; alias?: string}
  | {kind: 'reconnect' | 'login' | 'logout'; alias: string}
  | {kind: 'clear'}
  | {kind: 'quit'}
  | {kind: 'invalid'; message: string};

const ALIASES: Readonly<Record<string, string>> = {exit: 'quit', q: 'quit', '?': 'help', h: 'help'};

/** Parses `/name args`; `aliases` are the configured servers, for checking. */
export function parseSlash(text: string, aliases: readonly string[]): SlashIntent {
  const [head, ...rest] = text.trim().slice(1).split(/\s+/);
  const name = ALIASES[head.toLowerCase()] ?? head.toLowerCase();
  const arg = rest.join(' ').trim();
  const known = () => (aliases.length ? aliases.join(', ') : 'none configured');
  switch (name) {
    case 'help':
    case 'servers':
    case 'clear':
    case 'quit':
      return {kind: name};
    case 'tools':
      return {kind: 'tools', filter: arg};
    case 'trace':
      if (arg && !aliases.includes(arg)) return {kind: 'invalid', message: `no server called “${arg}”; servers: ${known()}`};
      return arg ? {kind: 'trace', alias: arg} : {kind: 'trace'};
    case 'reconnect':
    case 'login':
    case 'logout':
      if (!arg) return {kind: 'invalid', message: `usage: /${name} <alias> (one of: ${known()})`};
      if (!aliases.includes(arg)) return {kind: 'invalid', message: `no server called “${arg}”; servers: ${known()}`};
      return {kind: name, alias: arg};
    default:
      return {kind: 'invalid', message: `unknown command /${head}; commands: ${SLASH_COMMANDS.map((c) => `/${c.name}`).join(' ')}`};
  }
}
