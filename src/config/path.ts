/** Renders a JSON path for messages: `mcpServers.notes.args[0]`, `env["MY.VAR"]`. */
export function formatPath(path: ReadonlyArray<string | number | symbol>): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof seg === 'string' && /^[A-Za-z0-9_$-]+$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(String(seg))}]`;
  }
  return out;
}
