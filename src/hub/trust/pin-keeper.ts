// The hub's side of pinning: each listing (a tools array; a re-list or a
// restart makes a new one) is checked against the stored pins once, the pins
// are saved when they moved, and `/trust` re-pins one tool.
import type {Tool} from '../../session/mcp-types.js';
import {checkPins, trustTool, type OnToolChange, type ServerPinCheck} from './evaluate.js';
import type {PinStore} from './pins.js';

/** Checks listings against a pin store and remembers the verdict per listing. */
export class PinKeeper {
  private readonly checks = new WeakMap<readonly Tool[], ServerPinCheck>();

  constructor(
    private readonly store: PinStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The verdict on one listing of `alias`; the first call per listing reads and may save the pins. */
  check(alias: string, tools: readonly Tool[], mode: OnToolChange): ServerPinCheck {
    const known = this.checks.get(tools);
    if (known) return known;
    const check = checkPins(this.store.load(alias), tools, mode, this.now());
    if (check.changed) this.store.save(alias, check.pins, 'seen');
    this.checks.set(tools, check);
    return check;
  }

  /** The user accepts `tool` as `alias` lists it now: re-pinned, offered to the model again. */
  trust(alias: string, tools: readonly Tool[], tool: Tool, mode: OnToolChange): void {
    const pins = trustTool(this.store.load(alias), tool, this.now());
    this.store.save(alias, pins, 'trusted');
    const before = this.check(alias, tools, mode);
    const trusted = new Map(before.tools);
    trusted.set(tool.name, {state: 'pinned', pinnedAt: pins.tools[tool.name]!.pinnedAt, withheld: [], mustAsk: false});
    this.checks.set(tools, {...before, tools: trusted, pins});
  }
}
