import { advanceOwed } from "@shared/rules/advance.js";
import type { PaymentAccount } from "@shared/rules/advance.js";
import type { Db } from "../../db/client.js";
import { pricingInForce } from "../pricing/sale-book.js";

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
