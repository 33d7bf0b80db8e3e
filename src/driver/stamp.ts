import type {AppEvent} from '../state/events.js';

/** `event` with the time it happened: `now()` unless it already says. */
export function stamped(event: AppEvent, now: () => number): AppEvent {
  return event.at === undefined ? {...event, at: now()} : event;
}
