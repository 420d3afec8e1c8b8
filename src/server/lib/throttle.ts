import { AppError } from "./app-error.js";

/**
 * Counts events per key in a fixed window (failed logins per account, lookups per phone…).
 * In-process: with several app servers each one throttles on its own, which only makes the
 * limit a little more generous.
 */
export class Throttle {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly what: string,
  ) {}

  /** Throws 429 when the key has used up its allowance. */
  check(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return;
    const seconds = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `Too many ${this.what}. Please try again in ${formatWait(seconds)}.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }

  record(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 50_000) this.prune(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count++;
    }
  }

  /** check then record: for events that count whether or not they succeed. */
  take(key: string, now = Date.now()): void {
    this.check(key, now);
    this.record(key, now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
