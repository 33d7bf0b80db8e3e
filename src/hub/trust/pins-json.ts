// A server's pins as the record stores them, the texts of its listed pins
// written together. The record writes a first sight's pins all at once;
// each pin writing its own text (its toJSON) cost two JSON.stringify calls
// a tool, where the listing's pieces cost a few for all (canonical-data.ts,
// BENCHMARKS.md §15, §32).
import type {ServerPins, ToolPin} from './pins.js';
import {canonicalJsonsOfData} from './canonical-data.js';
import {ListedPin} from './listed-pin.js';

/** Pins over `tools` that are written (JSON.stringify) with their listed pins' texts in pieces. */
export function writtenTogether(tools: Record<string, ToolPin>): ServerPins {
  return Object.defineProperty({tools}, 'toJSON', {value: storedPins});
}

function storedPins(this: ServerPins): ServerPins {
  const names = Object.keys(this.tools);
  const definitions: Record<string, unknown>[] = [];
  for (const name of names) {
    const pin = this.tools[name];
    if (pin instanceof ListedPin) definitions.push(pin.pinned());
  }
  const texts = canonicalJsonsOfData(definitions);
  const tools: Record<string, ToolPin> = Object.create(null);
  let next = 0;
  for (const name of names) {
    const pin = this.tools[name]!;
    tools[name] = pin instanceof ListedPin ? pin.stored(texts[next++]!) : pin;
  }
  return {tools};
}
