import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { readCodRules } from "@shared/rules/cod-rules.js";
import { REMINDERS_PER_PHONE_PER_WEEK, SAVED_CHECKOUT_LAPSE_DAYS } from "@shared/rules/winback.js";
import { rowsOf } from "../../db/rows.js";
import { readFacts } from "../fraud/index.js";
import type { MarketingMessage, MarketingSource, WhatsappConfig } from "../whatsapp/index.js";
import { readWinbackSetting, type SavedLine } from "./saved-checkouts.js";

const DAY_MS = 24 * 60 * 60_000;
const RETRY_MS = 5 * 60_000;

interface DueCheckout {
  id: number;
  phone: string;
  phone_key: string;
  token: string;
  lines: SavedLine[] | string;
  subtotal: string;
  created_at: string;
  reminders: number;
}

/** "Lawn Suit (M / Red) and 2 more": what the reminder names. */
function itemsText(lines: SavedLine[]): string {
  const [first] = lines;
  if (!first) return "your items";
  const choice = [first.size, first.color].filter(Boolean).join(" / ");
  const name = (choice ? `${first.name} (${choice})` : first.name).slice(0, 60);
  return lines.length > 1 ? `${name} and ${lines.length - 1} more` : name;
}

/**
 * Why the store must not remind this phone (CONTRACT.md, "Abandoned checkouts"), or null: it
 * ordered since the checkout was saved (any channel), the checkout is older than 7 days, the phone
 * is blocked, its last order was returned or refused, the COD rules refuse it, or it had two
 * reminders in 7 days.
 */
async function reasonToStop(app: FastifyInstance, c: DueCheckout, now: Date): Promise<string | null> {
  if (new Date(c.created_at).getTime() < now.getTime() - SAVED_CHECKOUT_LAPSE_DAYS * DAY_MS) return "lapsed";
  const [row] = rowsOf<{ ordered: boolean; last_refused: boolean; this_week: number }>(
    await app.db.execute(sql`select
      exists (select 1 from orders where phone_key = ${c.phone_key} and created_at >= ${c.created_at}::timestamptz) as ordered,
      coalesce((select o.status = 'returned' or (o.status = 'cancelled' and o.confirmation_state = 'confirmed')
        from orders o where o.phone_key = ${c.phone_key} order by o.created_at desc limit 1), false) as last_refused,
      (select count(*)::int from whatsapp_messages where phone = ${c.phone} and direction = 'out'
        and kind = 'abandoned_checkout' and state <> 'failed'
        and created_at > ${new Date(now.getTime() - 7 * DAY_MS).toISOString()}::timestamptz) as this_week`),
  );
  if (row.ordered) return "ordered";
  if (row.last_refused) return "the phone's last order was returned or refused";
  if (row.this_week >= REMINDERS_PER_PHONE_PER_WEEK) return "two reminders to this phone this week";
  const { blocked, facts, stored } = await readFacts(app.db, c.phone_key, null);
  if (blocked) return "the phone is blocked";
  const rules = readCodRules(stored);
  if (rules.maxOrderTotal !== null && Number(c.subtotal) > rules.maxOrderTotal)
    return "over the COD maximum order total";
  if (rules.maxOpenOrdersPerPhone !== null && facts.openOrders >= rules.maxOpenOrdersPerPhone)
    return "the phone has the most open COD orders allowed";
  return null;
}

/** The abandoned-checkout reminders, as a source of the WhatsApp marketing queue. */
export function checkoutReminders(app: FastifyInstance, config: WhatsappConfig): MarketingSource {
  const template = config.abandonedCheckoutTemplate ?? "abandoned_checkout";
  const byRef = new Map<number, DueCheckout>();
  const stop = (id: number, reason: string) =>
    app.db
      .execute(sql`update saved_checkouts set state = case when ${reason} = 'ordered' then 'done' else 'stopped' end,
      stop_reason = ${reason}, due_at = null where id = ${id}`);
  return {
    kind: "abandoned_checkout",
    async due(now, limit) {
      const due = rowsOf<DueCheckout>(
        await app.db
          .execute(sql`select id, phone, phone_key, token, lines, subtotal::text as subtotal, created_at, reminders
          from saved_checkouts where state in ('saved', 'messaged') and due_at <= ${now.toISOString()}::timestamptz
          order by due_at, id limit ${limit}`),
      );
      byRef.clear();
      return due.map((c): MarketingMessage => {
        byRef.set(c.id, c);
        const lines = (typeof c.lines === "string" ? JSON.parse(c.lines) : c.lines) as SavedLine[];
        const link = `${config.publicUrl ?? ""}/cart?restore=${c.token}`;
        return {
          ref: c.id,
          phone: c.phone,
          template,
          bodyParameters: [itemsText(lines), link],
          body: `Abandoned checkout reminder: ${link}`,
        };
      });
    },
    async stillDue(message, now) {
      const c = byRef.get(message.ref);
      if (!c) return false;
      const reason = await reasonToStop(app, c, now);
      if (reason) await stop(c.id, reason);
      return reason === null;
    },
    async sent(message, _id, now) {
      const c = byRef.get(message.ref)!;
      const second =
        c.reminders === 0 ? await readWinbackSetting(app.db, "abandoned_checkout_second_after_hours") : null;
      const next = second === null ? null : new Date(now.getTime() + second * 60 * 60_000).toISOString();
      await app.db.execute(sql`update saved_checkouts set state = 'messaged', reminders = reminders + 1,
        first_sent_at = coalesce(first_sent_at, now()),
        second_sent_at = case when reminders = 1 then now() else second_sent_at end,
        due_at = ${next}::timestamptz where id = ${message.ref}`);
    },
    async notSent(message, reason, retry, now) {
      if (!retry) return void (await stop(message.ref, reason));
      await app.db.execute(sql`update saved_checkouts
        set due_at = ${new Date(now.getTime() + RETRY_MS).toISOString()}::timestamptz where id = ${message.ref}`);
    },
  };
}
