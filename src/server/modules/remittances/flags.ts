import { sql } from "drizzle-orm";
import { FLAG_LABELS } from "@shared/schemas/remittances.js";
import { orderNumber } from "@shared/rules/labels.js";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import { AppError } from "../../lib/app-error.js";
import { recordAudit } from "../audit/index.js";
import { CSV_BOM, csvLine } from "../reports/index.js";
import { flagColumns, toFlag } from "./remittances-view.js";

/** Closes a flag with the owner's note; a flag already closed is refused with what it says. */
export async function resolveFlag(db: Db, id: number, note: string, actor: string) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await queryRows<Parameters<typeof toFlag>[0]>(
      tx,
      sql`select ${flagColumns} from remittance_flags where id = ${id} for update`,
    );
    if (!row) throw new AppError("NOT_FOUND", "This flag no longer exists; reload the page");
    if (row.resolved_at !== null)
      throw new AppError(
        "CONFLICT",
        `This flag was already resolved${row.note ? `: ${row.note}` : ""}; reload the page`,
      );
    const [updated] = await queryRows<Parameters<typeof toFlag>[0]>(
      tx,
      sql`update remittance_flags set resolved_at = now(), resolved_by = ${actor}, note = ${note}
        where id = ${id} returning ${flagColumns}`,
    );
    await recordAudit(tx, {
      actor,
      action: "remittances.flag.resolve",
      entity: "remittance_flag",
      entityId: id,
      orderId: row.order_id,
      before: { resolved: false },
      after: { resolved: true, note },
    });
    return toFlag(updated);
  });
}

/** The open flags as CSV, for the dispute with the courier (oldest first). */
export async function openFlagsCsv(db: Db, courier: string | undefined): Promise<string> {
  const rows = await queryRows<Parameters<typeof toFlag>[0]>(
    db,
    sql`select ${flagColumns} from remittance_flags where resolved_at is null
      ${courier ? sql`and courier = ${courier}` : sql``} order by id`,
  );
  const lines = [
    csvLine(["Flag", "Courier", "Issue", "Order", "Tracking number", "Expected", "Received", "Flagged on"]),
  ];
  for (const f of rows.map(toFlag))
    lines.push(
      csvLine([
        f.id,
        f.courier,
        FLAG_LABELS[f.kind],
        f.orderId ? `#${orderNumber(f.orderId)}` : "",
        f.trackingNumber,
        f.expected ?? "",
        f.received ?? "",
        f.createdAt.slice(0, 10),
      ]),
    );
  return CSV_BOM + lines.join("");
}
