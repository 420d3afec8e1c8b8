import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { adminKnownNetworks, admins } from "../../db/schema.js";

/**
 * The networks (networkKey) each account has logged in from, remembered for `ttlMs` in the
 * database: every app server, and a server after a restart, knows the owner's own network, so
 * failures from elsewhere can never lock the owner out of it.
 */
export class KnownNetworks {
  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
  ) {}

  async has(username: string, network: string): Promise<boolean> {
    const rows = await this.db
      .select({ network: adminKnownNetworks.network })
      .from(adminKnownNetworks)
      .innerJoin(admins, eq(admins.id, adminKnownNetworks.adminId))
      .where(
        and(
          eq(admins.username, username),
          eq(adminKnownNetworks.network, network),
          gt(adminKnownNetworks.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async add(adminId: number, network: string): Promise<void> {
    const expiresAt = sql`now() + ${this.ttlMs} * interval '1 millisecond'`;
    await this.db
      .insert(adminKnownNetworks)
      .values({ adminId, network, expiresAt })
      .onConflictDoUpdate({ target: [adminKnownNetworks.adminId, adminKnownNetworks.network], set: { expiresAt } });
    // The account's lapsed networks go at its next login: the table stays as small as the staff's habits.
    await this.db
      .delete(adminKnownNetworks)
      .where(and(eq(adminKnownNetworks.adminId, adminId), lt(adminKnownNetworks.expiresAt, sql`now()`)));
  }
}
