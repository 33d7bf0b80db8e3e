// The circuit breaker on a clock of its own: cooldowns pass without waiting.
import {describe, expect, it} from 'vitest';
import {Circuit} from '../../src/hub/circuit.js';

function circuit(threshold = 3, cooldownMs = 30_000) {
  const clock = {now: 1_000};
  return {c: new Circuit(threshold, cooldownMs, () => clock.now), clock};
}

describe('Circuit', () => {
  it('stays closed below the threshold, and a success starts the count again', () => {
    const {c} = circuit(3);
    c.failed();
    c.failed();
    expect(c.allow()).toBe(true);
    c.succeeded();
    c.failed();
    c.failed();
    expect(c.allow()).toBe(true);
    expect(c.openUntilMs).toBeUndefined();
  });

  it('opens at the threshold until the cooldown has passed, then lets one trial call through', () => {
    const {c, clock} = circuit(3, 30_000);
    for (let i = 0; i < 3; i++) c.failed();
    expect(c.openUntilMs).toBe(31_000);
    expect(c.allow()).toBe(false);
    clock.now += 29_999;
    expect(c.allow()).toBe(false);
    clock.now += 1;
    expect(c.allow()).toBe(true); // the trial
    expect(c.allow()).toBe(false); // only one at a time
  });

  it('a successful trial closes it; a failed one opens it for another cooldown', () => {
    const {c, clock} = circuit(1, 100);
    c.failed();
    clock.now += 100;
    expect(c.allow()).toBe(true);
    c.failed();
    expect(c.openUntilMs).toBe(clock.now + 100);
    expect(c.allow()).toBe(false);
    clock.now += 100;
    expect(c.allow()).toBe(true);
    c.succeeded();
    expect(c.openUntilMs).toBeUndefined();
    expect(c.allow()).toBe(true);
    expect(c.allow()).toBe(true);
  });

  it('a trial without a verdict (cancelled) lets the next call be the trial', () => {
    const {c, clock} = circuit(1, 100);
    c.failed();
    clock.now += 100;
    expect(c.allow()).toBe(true);
    expect(c.allow()).toBe(false);
    c.released();
    expect(c.allow()).toBe(true);
  });

  it('counts the calls one crash ended as one failure', () => {
    const {c} = circuit(3);
    const crash = {code: 3};
    for (let i = 0; i < 5; i++) c.failed(crash);
    expect(c.allow()).toBe(true);
    c.failed({code: 3});
    c.failed();
    expect(c.allow()).toBe(false);
  });

  it('reset closes it at once (a start by hand)', () => {
    const {c} = circuit(1, 100);
    c.failed();
    expect(c.allow()).toBe(false);
    c.reset();
    expect(c.allow()).toBe(true);
    expect(c.openUntilMs).toBeUndefined();
  });
});
