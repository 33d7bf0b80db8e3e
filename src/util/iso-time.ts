// A time written as Date.prototype.toISOString writes it, from its UTC
// fields. A process's first toISOString call costs about a millisecond
// (0.9–1.7 ms on the bench host, the getUTC* fields 0.04 ms), and a first
// start stamps its pins, records and logs with the time (BENCHMARKS.md §24).

/** `date` as toISOString writes it; a year outside 0–9999 (six digits and a sign) or an invalid date goes to toISOString itself. */
export function isoTime(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  return (
    `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}` +
    `T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}.${pad(date.getUTCMilliseconds(), 3)}Z`
  );
}

/** The time `ms` (since the epoch) as toISOString writes it. */
export function isoTimeOf(ms: number): string {
  return isoTime(new Date(ms));
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
