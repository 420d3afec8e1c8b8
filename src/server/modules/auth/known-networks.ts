/** The networks (networkKey) each account has logged in from, remembered for `ttlMs`. */
export class KnownNetworks {
  private readonly seen = new Map<string, number>();

  constructor(private readonly ttlMs: number) {}

  has(account: string, network: string, now = Date.now()): boolean {
    const until = this.seen.get(`${account}\n${network}`);
    return until !== undefined && until > now;
  }

  add(account: string, network: string, now = Date.now()): void {
    if (this.seen.size > 10_000) for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key);
    this.seen.set(`${account}\n${network}`, now + this.ttlMs);
  }
}
