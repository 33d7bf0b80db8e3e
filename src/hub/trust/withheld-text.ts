// What the model (a refused call) and the user (the catalog) are told about a
// withheld tool. Never the tool's new text: only that it is withheld, and why.
import type {ToolPinCheck} from './evaluate.js';

/** Why `name` is kept from the model and how to let it through. */
export function withheldText(name: string, check: ToolPinCheck): string {
  const why = check.withheld.map((w) => (w === 'changed' ? `its definition changed since it was pinned` : 'its definition contains invisible characters'));
  return `${name} is withheld from the model: ${why.join(', and ')}. The user can review it in the catalog and accept it with /trust ${name} (or breakerbox pins).`;
}
