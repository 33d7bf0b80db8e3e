// Answers as models write them, for the markdown tests.

/** One answer with every element the renderer knows. */
export const EVERYTHING = `# Pagination in MCP

The list is **paginated**: keep asking with \`cursor\` until *nextCursor* is absent, ~~or not~~. See [the spec](https://modelcontextprotocol.io/specification) or https://example.com/x.

## Steps

1. Send \`tools/list\`.
2. Read the page:
   - a cursor: ask again
   - no cursor: done
3. Stop.

- [x] checked item
- [ ] open item

> Quoted advice that is long enough to wrap around a pane of eighty columns, more than once if it has to.

---

| Server | Era | Tools |
|:-------|:---:|------:|
| notes | modern | 3 |
| tickets | legacy | 14 |

\`\`\`ts
const pages: number = 2; // two pages
\`\`\`

Last line.
`;

/** A table of many wide columns: too wide for 80 columns even wrapped. */
export const WIDE_TABLE = `| Alias | Command | Arguments | Environment | Working directory | Timeout | Trusted | Roots |
|---|---|---|---|---|---|---|---|
| notes | node | servers/notes.mjs | NOTES_DIR=/srv/notes/archive/2026 | /home/someone/projects/breakerbox | 30000 | yes | /home/someone/notes |
| tickets | node | servers/tickets.mjs | TICKETS_DB=/var/lib/tickets/tickets.sqlite | /home/someone/projects/breakerbox | 60000 | no | none |
`;

/** A fence with one line longer than 160 columns. */
export const LONG_FENCE = `Run this:

\`\`\`bash
npx -y @modelcontextprotocol/server-filesystem /home/someone/projects/breakerbox/examples/and/a/very/long/path/that/keeps/going/past/the/edge/of/any/pane/you/could/have/open/today --read-only --verbose --end-marker-XYZ
\`\`\`
`;
