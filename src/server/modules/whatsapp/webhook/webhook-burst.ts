/**
 * Tells a burst of webhook deliveries from a trickle, so that during a burst the server answers
 * Meta first and handles what it recorded in the gaps: handling takes the same database (PGlite
 * runs in this process's own thread), and a burst answered late is resent by Meta.
 */
export class WebhookBurst {
  private readonly times: number[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** This many deliveries within `windowMs` make a burst. */
    private readonly size = 3,
    private readonly windowMs = 250,
    /** A delivery recorded this long ago is handled even during a burst. */
    readonly maxWaitMs = 30_000,
  ) {}

  /** During a burst: some deliveries arrived within the window. */
  busy(now = Date.now()): boolean {
    return this.times.length >= this.size && now - this.times[0] < this.windowMs;
  }

  /** A delivery was recorded: handle it now, or once the burst pauses. */
  recorded(handle: () => void, now = Date.now()): void {
    this.times.push(now);
    if (this.times.length > this.size) this.times.shift();
    clearTimeout(this.timer);
    if (!this.busy(now)) return handle();
    this.timer = setTimeout(handle, this.windowMs);
    this.timer.unref();
  }
}
