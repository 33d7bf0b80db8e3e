#!/usr/bin/env node
// The conformance adapter's "browser": breakerbox runs it through the standard
// BROWSER variable with the authorization URL, as it would run a real browser.
// The suite's authorization server consents at once and redirects; following
// the redirects ends at breakerbox's loopback callback, which finishes the login.
const url = process.argv.at(-1);
try {
  const res = await fetch(url, {redirect: 'follow', signal: AbortSignal.timeout(30_000)});
  process.stderr.write(`browser: ${res.status} ${res.url}\n${(await res.text()).slice(0, 300)}\n`);
} catch (err) {
  process.stderr.write(`browser: ${err.message}\n`);
  process.exitCode = 1;
}
