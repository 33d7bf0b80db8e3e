// A model of the Messages API's prompt cache for the fake: each request's
// tool table up to its cache breakpoint is written to the cache; a later
// request reads the longest cached prefix of its own table (compared as
// bytes, as the API does) and pays full price for the rest.

/** Usage as the API reports it, for the fake's reply. */
export interface CacheUsage {
  input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

const tokens = (s: string) => Math.ceil(s.length / 4);
const bare = (tool: any) => {
  const {cache_control: _cc, ...rest} = tool;
  return rest;
};

/** A cache shared by every request given to `usage`. */
export function promptCache(): {usage(body: any): CacheUsage} {
  const cached = new Set<string>();
  return {
    usage(body) {
      const tools: any[] = (body.tools ?? []).map(bare);
      let hit = 0;
      for (let i = tools.length; i > 0; i--) {
        if (cached.has(JSON.stringify(tools.slice(0, i)))) {
          hit = i;
          break;
        }
      }
      const breakpoint = (body.tools ?? []).findLastIndex((t: any) => t.cache_control) + 1;
      const prefix = JSON.stringify(tools.slice(0, breakpoint));
      const read = hit === 0 ? 0 : tokens(JSON.stringify(tools.slice(0, hit)));
      const write = breakpoint > hit ? tokens(prefix) - read : 0;
      if (breakpoint > 0) cached.add(prefix);
      const all = tokens(JSON.stringify(tools)) + tokens(JSON.stringify(body.messages ?? []));
      return {input_tokens: Math.max(0, all - read - write), cache_read_input_tokens: read, cache_creation_input_tokens: write};
    },
  };
}
