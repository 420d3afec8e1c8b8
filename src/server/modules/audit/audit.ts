import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AuditPage } from "@shared/schemas/staff.js";
import type { Db } from "../../db/client.js";
import { auditLog } from "../../db/schema.js";

/** A database or a transaction: an audit line is written in the same transaction as its change. */
type Writer = Pick<Db, "insert">;

export interface AuditLine {
  /** The staff member's username ("system" for start-up). */
  actor: string;
  /** What was done, verb-last and dotted: "staff.create", "order.status", "order.note"… */
  action: string;
  entity: string;
  entityId: string | number;
  /** Set for anything about an order, so the log filters by order. */
  orderId?: string | null;
  /** Only the fields that changed, as they were and as they became. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** The one way to write the audit log: every staff mutation calls this. */
export async function recordAudit(db: Writer, line: AuditLine): Promise<void> {
  await db.insert(auditLog).values({
    actor: line.actor,
    action: line.action,
    entity: line.entity,
    entityId: String(line.entityId),
    orderId: line.orderId ?? null,
    before: line.before ?? null,
    after: line.after ?? null,
  });
}

/** Who a staff request comes from, as the audit log and the order timeline name them. */
export const actorOf = (request: FastifyRequest): string => request.admin?.username ?? "admin";

/**
 * A staff member took personal data out of the store in bulk (a CSV, labels, the customers list).
 * With orders named, one line per order, so the log filtered by an order shows who printed or
 * exported it; otherwise one line for the whole export.
 */
export async function recordExport(
  db: Writer,
  request: FastifyRequest,
  what: { action: string; orderIds?: string[]; details?: Record<string, unknown> },
): Promise<void> {
  const actor = actorOf(request);
  const after = what.details ?? null;
  if (!what.orderIds) {
    await recordAudit(db, { actor, action: what.action, entity: "export", entityId: "", after });
    return;
  }
  if (what.orderIds.length === 0) return;
  await db.insert(auditLog).values(
    what.orderIds.map((id) => ({
      actor,
      action: what.action,
      entity: "order",
      entityId: id,
      orderId: id,
      after,
    })),
  );
}

type Fields = Record<string, unknown>;

/**
 * Records a staff member's change to one thing: `before` is null for a creation and `after` for a
 * deletion; an update keeps only the fields that changed, and records nothing when none did.
 */
export async function recordChange(
  db: Writer,
  request: FastifyRequest,
  change: Omit<AuditLine, "actor" | "before" | "after"> & { before: Fields | null; after: Fields | null },
): Promise<void> {
  const { before, after, ...what } = change;
  const fields = before && after ? changedFields(before, after) : { before, after };
  if (before && after && Object.keys(fields.after ?? {}).length === 0) return;
  await recordAudit(db, { actor: actorOf(request), ...what, ...fields });
}

/** The fields of `after` whose value differs from `before`, as before/after pairs. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key];
  }
  return { before: was, after: now };
}

export async function listAudit(
  db: Db,
  query: { actor?: string; orderId?: string; limit: number; offset: number },
): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.actor) filters.push(eq(auditLog.actor, query.actor));
  if (query.orderId) filters.push(eq(auditLog.orderId, query.orderId.toLowerCase()));
  const where = filters.length ? and(...filters) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return {
    entries: rows.map((r) => ({ ...r, id: Number(r.id), at: new Date(r.at).toISOString() })),
    total: Number(total.n),
  };
}
