import { eq } from "drizzle-orm";
import { advanceOwed, PAYMENT_METHOD_NAMES, type PaymentAccount } from "@shared/rules/advance.js";
import { formatRs } from "@shared/rules/money.js";
import { orders } from "../../db/schema.js";
import type { Db } from "../../db/client.js";
import { pricingInForce } from "../pricing/index.js";

interface WithAdvance {
  advance: { status: string };
  paymentAccounts?: PaymentAccount[];
  payOnline?: boolean;
}

/**
 * Order answers a shopper reads (the placement's answer, the tracking card, "my orders") say
 * where to send an advance still owed: the `payment_accounts` in force (kept with the fees, so
 * no query of its own), and whether the card may offer an online pay link.
 */
export async function withPaymentAccounts<T extends WithAdvance>(db: Db, list: T[], payOnline = false): Promise<T[]> {
  if (!list.some((o) => advanceOwed(o.advance.status))) return list;
  const { accounts } = await pricingInForce(db);
  return list.map((o) => (advanceOwed(o.advance.status) ? { ...o, paymentAccounts: accounts, payOnline } : o));
}

/**
 * The WhatsApp confirmation reply's lines for an order that still owes its advance: how much,
 * where to send it, and where to send the proof. None when nothing is owed.
 */
export async function advanceReplyLines(db: Db, orderId: string): Promise<string[]> {
  const [row] = await db
    .select({ amount: orders.advanceAmount, paid: orders.advancePaid, status: orders.advanceStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row || !advanceOwed(row.status)) return [];
  const owed = Math.max(0, Number(row.amount) - Number(row.paid));
  if (owed === 0) return [];
  const { accounts } = await pricingInForce(db);
  return [
    `Before we ship, please send an advance of ${formatRs(owed)}${accounts.length > 0 ? " to:" : "."}`,
    ...accounts.map((a) => `${PAYMENT_METHOD_NAMES[a.method]}${a.title ? ` (${a.title})` : ""}: ${a.account}`),
    "Then send a screenshot of the payment from Track Orders on our website.",
  ];
}
