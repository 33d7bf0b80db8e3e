// The notes server's in-memory data set. Kept apart from the server so the
// protocol code stays short; edit freely, tests only rely on ids n1..n8 existing
// and on "pagination" matching the MCP pagination note.

export const NOTES = [
  {
    id: 'n1',
    title: 'Deployment runbook',
    updated: '2026-05-14',
    body:
      'Deploys go out Tuesday and Thursday before 15:00. Run the canary for 20 minutes, ' +
      'watch the error-rate dashboard, then promote. Rollback: `deploy rollback --to previous`; ' +
      'it takes about 4 minutes. Never deploy during the Friday freeze.',
  },
  {
    id: 'n2',
    title: 'MCP pagination notes',
    updated: '2026-06-02',
    body:
      'tools/list is paginated. The list ends only when nextCursor is absent: an empty page with a ' +
      'cursor is not the end. Cursors are opaque, so send them back verbatim. Servers choose the page size.',
  },
  {
    id: 'n3',
    title: 'Team offsite 2026',
    updated: '2026-04-20',
    body:
      'Offsite in Lisbon, 8-10 September. Day one is planning, day two is a hack day, day three is ' +
      'free. Book flights by 1 July; the budget is 900 EUR per person including the hotel.',
  },
  {
    id: 'n4',
    title: 'On-call handbook',
    updated: '2026-03-11',
    body:
      'Primary on-call acknowledges pages within 5 minutes. Escalate to the secondary after 15 minutes. ' +
      'Write the incident timeline while it is fresh; the postmortem is due within 3 working days.',
  },
  {
    id: 'n5',
    title: 'Postgres upgrade plan',
    updated: '2026-05-30',
    body:
      'Upgrade from 15 to 17 using logical replication. Dry run on staging first, then cut over during ' +
      'the Sunday maintenance window. Freeze schema migrations for the week before the upgrade.',
  },
  {
    id: 'n6',
    title: 'Interview loop for backend roles',
    updated: '2026-02-08',
    body:
      'Four sessions: system design, pair programming, debugging exercise, values chat. Feedback in the ' +
      'tracker within 24 hours; debrief the same week. Do not discuss candidates in public channels.',
  },
  {
    id: 'n7',
    title: 'Release checklist',
    updated: '2026-06-10',
    body:
      'Bump the version, update the changelog, tag the release, build artifacts in CI, smoke-test the ' +
      'installer, announce in #releases. Check the deployment runbook before promoting to production.',
  },
  {
    id: 'n8',
    title: 'Reading list: distributed systems',
    updated: '2026-01-17',
    body:
      'Designing Data-Intensive Applications; the Raft paper; "Time, Clocks, and the Ordering of Events"; ' +
      'the Jepsen analyses; notes on idempotency keys and retry budgets.',
  },
];
