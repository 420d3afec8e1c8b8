import { sql, type SQL } from "drizzle-orm";
import { Throttle } from "../../lib/throttle.js";
import type { ThrottleStore } from "../../lib/throttle-store.js";
import type { AlsoInsert, OrderPrecondition } from "../../db/statement-parts.js";
import type { Placer } from "../order-core/index.js";

/**
 * The order-placement throttles. Refused attempts (bad fields, 409s) are probing or a broken
 * client, so they are counted, generously per network (carrier NAT) and tightly per phone number
 * (yet above what a shopper meets); successful orders get a generous cap per phone number against
 * order spam, and per network too, as the phone is the caller's to choose.
 *
 * Counts in memory (PGlite) are checked in memory. Shared counts (PostgreSQL, decision 009) cost
 * a successful order no round trip: the order's own statement reads them as its precondition and
 * counts the order; only a refused attempt reads and writes them by itself.
 */
export class PlacementThrottles {
  private readonly failedPerNetwork: Throttle;
  private readonly failedPerPhone: Throttle;
  private readonly placedPerPhone: Throttle;
  private readonly placedPerNetwork: Throttle;
  private readonly shared: boolean;

  constructor(store: ThrottleStore) {
    this.failedPerNetwork = new Throttle(100, 10 * 60_000, "refused orders from your network", store);
    this.failedPerPhone = new Throttle(20, 10 * 60_000, "refused orders for this phone number", store);
    this.placedPerPhone = new Throttle(30, 60 * 60_000, "orders for this phone number", store);
    this.placedPerNetwork = new Throttle(120, 60 * 60_000, "orders from your network", store);
    this.shared = Boolean(store.readSql && store.addSql);
  }

  /** Before anything else: counts in memory refuse at once (shared ones, in the order's statement). */
  async beforeAnything(network: string, claimedPhone: string | undefined): Promise<void> {
    if (this.shared) return;
    await this.failedPerNetwork.check(network);
    if (claimedPhone) await this.failedPerPhone.check(claimedPhone);
  }

  private checks(p: Placer): [Throttle, string][] {
    return [
      [this.failedPerNetwork, p.network],
      ...(p.claimedPhone ? ([[this.failedPerPhone, p.claimedPhone]] as [Throttle, string][]) : []),
      [this.placedPerPhone, p.phone],
      [this.placedPerNetwork, p.network],
    ];
  }

  /**
   * Right before the order's statement: 429 from what the last statement `found`, or from memory;
   * with shared counts, the precondition that puts the same checks into the statement.
   */
  async guard(p: Placer, found?: unknown): Promise<OrderPrecondition | null> {
    const checks = this.checks(p);
    if (found) checks.forEach(([t, key], n) => t.checkFound(key, (found as unknown[])[n]));
    if (!this.shared) {
      await Promise.all([this.placedPerPhone.refresh(p.phone), this.placedPerNetwork.refresh(p.network)]);
      this.placedPerPhone.checkCached(p.phone);
      this.placedPerNetwork.checkCached(p.network);
      return null;
    }
    const parts = checks.map(([t, key]) => t.checkSql(key)!);
    return {
      ctes: sql``,
      holds: sql`(${sql.join(
        parts.map((q) => q.holds),
        sql` and `,
      )})`,
      found: sql`json_build_array(${sql.join(
        parts.map((q) => q.found),
        sql`, `,
      )})`,
    };
  }

  /** With shared counts: the order counted by its own statement. */
  countInStatement(p: Placer): AlsoInsert[] {
    if (!this.shared) return [];
    return [this.placedPerPhone, this.placedPerNetwork].map(
      (t) => (_id: string, onlyIfPlaced: SQL) =>
        t.recordSql(t === this.placedPerPhone ? p.phone : p.network, onlyIfPlaced)!,
    );
  }

  /** After an order was created: counted in memory (shared counts were counted by the statement). */
  async placed(p: Placer): Promise<void> {
    if (this.shared) return;
    await this.placedPerPhone.record(p.phone);
    await this.placedPerNetwork.record(p.network);
  }

  /**
   * A refused attempt (any 4xx but 429): 429 instead if the refused attempts are already at
   * their limit (shared counts are read only now), otherwise counted.
   */
  async refused(network: string, claimedPhone: string | undefined): Promise<void> {
    if (this.shared) {
      await this.failedPerNetwork.check(network);
      if (claimedPhone) await this.failedPerPhone.check(claimedPhone);
    }
    await this.failedPerNetwork.record(network);
    if (claimedPhone) await this.failedPerPhone.record(claimedPhone);
  }
}
