/**
 * Tells a burst of webhook deliveries from a trickle, so that during a burst the server answers
 * Meta first and handles what it recorded once the burst pauses: handling takes the same
 * database (and on PGlite the server's own thread), and a burst answered late is resent by Meta.
 * A burst is deliveries arriving while others are still being answered.
 */
export class WebhookBurst {
  private answering = 0;
  private waiting: (() => void) | null = null;

  /** A delivery recorded this long ago is handled even during a burst. */
  constructor(readonly maxWaitMs = 30_000) {}

  /** Deliveries are being answered right now. */
  busy(): boolean {
    return this.answering > 0;
  }

  /** A delivery's request arrived (its signature checked). */
  arrived(): void {
    this.answering++;
  }

  /** A delivery was recorded: it is handled once no delivery is being answered. */
  recorded(handle: () => void): void {
    this.waiting = handle;
  }

  /** A delivery's request was answered. */
  answered(): void {
    this.answering = Math.max(0, this.answering - 1);
    if (this.answering > 0 || !this.waiting) return;
    const handle = this.waiting;
    this.waiting = null;
    handle();
  }
}
