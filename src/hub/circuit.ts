/**
 * A per-server circuit breaker. After `threshold` consecutive failures
 * (timeouts or exits) calls fail fast until `cooldownMs` passes; then one
 * trial call is let through and its outcome closes or reopens the circuit.
 */
export class Circuit {
  private failures = 0;
  private openUntil = 0;
  private trialInFlight = false;
  /** What the last failure counted was, when known (one process exit). */
  private lastCause?: object;

  constructor(
    readonly threshold = 3,
    private readonly cooldownMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a call may go through now; marks the trial call when half-open. */
  allow(): boolean {
    if (this.failures < this.threshold) return true;
    if (this.now() < this.openUntil || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  succeeded(): void {
    this.failures = 0;
    this.trialInFlight = false;
  }

  /** The trial call ended without a verdict (the user cancelled it): the next call may try. */
  released(): void {
    this.trialInFlight = false;
  }

  /**
   * A call failed. `cause` names what failed it when several calls can share
   * it: one crash ends every call in flight, and that is one failure, not one
   * per call (a crash with three calls running must not open the circuit).
   */
  failed(cause?: object): void {
    this.trialInFlight = false;
    if (cause !== undefined && cause === this.lastCause) return;
    this.lastCause = cause;
    this.failures++;
    if (this.failures >= this.threshold) this.openUntil = this.now() + this.cooldownMs;
  }

  /** A start by hand (`/reconnect`) starts with a clean slate. */
  reset(): void {
    this.failures = 0;
    this.openUntil = 0;
    this.trialInFlight = false;
  }

  /** When open: the time it may be tried again. */
  get openUntilMs(): number | undefined {
    return this.failures >= this.threshold ? this.openUntil : undefined;
  }
}
