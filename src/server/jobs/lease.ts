import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";

/**
 * A named lease in the `leases` table: one holder at a time until it runs out, so work that must
 * not run twice at once (draining an outbox) runs on one app server. A holder that stops without
 * releasing it loses it when it runs out; times come from the caller's clock.
 */
export class Lease {
  /** This process's holder of the lease (one per job runner). */
  readonly holder = randomBytes(8).toString("hex");

  constructor(
    private readonly db: Db,
    readonly name: string,
  ) {}

  /** Takes the lease until `until`, or extends it if it is ours; false while another holder has it. */
  async take(now: Date, until: Date): Promise<boolean> {
    const result = await this.db.execute(sql`
      insert into leases (name, holder, until) values (${this.name}, ${this.holder}, ${until.toISOString()}::timestamptz)
      on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where leases.holder = excluded.holder or leases.until <= ${now.toISOString()}::timestamptz
      returning 1`);
    return rowsOf(result).length === 1;
  }

  /** Gives the lease up at once (only if it is still ours). */
  async release(): Promise<void> {
    await this.db.execute(
      sql`update leases set until = '-infinity' where name = ${this.name} and holder = ${this.holder}`,
    );
  }
}
