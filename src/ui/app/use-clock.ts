// A clock for elapsed times; it ticks only while something is running.
import {useEffect, useState} from 'react';

/** `Date.now()`, refreshed every `everyMs` while `active`. */
export function useClock(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}
