import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client.js";
import type { WebhookChange } from "../webhook/webhook-payload.js";

/** A database or a transaction: what the webhook's statements need. */
export type Sql = Pick<Db, "execute">;

const digits = (phone: string | undefined) => (phone ?? "").replace(/\D/g, "");

/**
 * A business-scoped user id as Meta writes it: the user's two-letter country code, a period and
 * up to 128 letters and digits ("PK.13491208655302741918"; a parent id has "ENT." before them).
 * A customer known only by one has a conversation keyed by it instead of a phone.
 */
export const isUserId = (value: string | null | undefined): value is string =>
  !!value && /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/.test(value);

/**
 * The pairs of phone and business-scoped user id one delivery reports together: a contact's
 * `wa_id` and `user_id`, a status's `recipient_id` and `recipient_user_id` (Meta reports them for
 * the messages the store sent to that phone), an inbound message's `from` and `from_user_id`.
 * A user id reported without a phone teaches nothing: it can only be matched to a phone learned
 * this way, so an id never stands for a number it was not reported with.
 */
export function reportedPairs(change: WebhookChange): { phone: string; userId: string; name: string | null }[] {
  const pairs = new Map<string, { phone: string; userId: string; name: string | null }>();
  const add = (phone: string | undefined, userId: string | undefined, name?: string) => {
    const p = digits(phone);
    if (p.length >= 8 && userId) pairs.set(p, { phone: p, userId, name: name ?? pairs.get(p)?.name ?? null });
  };
  for (const c of change.contacts) add(c.wa_id, c.user_id, c.profile?.name);
  for (const s of change.statuses) add(s.recipient_id, s.recipient_user_id);
  for (const m of change.messages) add(m.from, m.from_user_id);
  return [...pairs.values()];
}

/**
 * Keeps the user id Meta reports for each customer's phone (one conversation per phone). Meta
 * gives a phone a new id when its owner changes number, so an id moves to the phone it was last
 * reported with, and is never held by two phones.
 */
export async function rememberUserIds(db: Sql, pairs: { phone: string; userId: string; name: string | null }[]) {
  for (const pair of pairs) {
    await db.execute(
      sql`update whatsapp_contacts set user_id = null where user_id = ${pair.userId} and phone <> ${pair.phone}`,
    );
    await db.execute(sql`
      insert into whatsapp_contacts (phone, user_id, name) values (${pair.phone}, ${pair.userId}, ${pair.name})
      on conflict (phone) do update set user_id = excluded.user_id, name = coalesce(excluded.name, whatsapp_contacts.name)`);
    if (isUserId(pair.userId)) await joinIdConversation(db, pair.userId, pair.phone);
  }
}

/**
 * A customer who wrote by user id alone had a conversation keyed by that id; once Meta reports
 * the id with a phone, its messages and unread count join the phone's conversation.
 */
async function joinIdConversation(db: Sql, userId: string, phone: string) {
  await db.execute(sql`
    with moved as (
      update whatsapp_messages set phone = ${phone} where phone = ${userId}
      returning id, coalesce(sent_at, created_at) as at
    ),
    gone as (delete from whatsapp_contacts where phone = ${userId} returning unread, name)
    update whatsapp_contacts c set
      unread = c.unread + coalesce((select sum(unread) from gone), 0),
      name = coalesce(c.name, (select name from gone limit 1)),
      last_message_id = greatest(c.last_message_id, (select max(id) from moved)),
      last_at = greatest(c.last_at, (select max(at) from moved))
    where c.phone = ${phone} and exists (select 1 from gone)`);
}

/** Remembers the names customers show on WhatsApp (`contacts[].profile.name`), for the inbox. */
export async function rememberNames(db: Sql, change: WebhookChange) {
  for (const c of change.contacts) {
    // A customer known only by user id: their conversation is keyed by it.
    const phone = digits(c.wa_id) || (isUserId(c.user_id) ? c.user_id : "");
    const name = c.profile?.name?.slice(0, 120);
    if (phone.length < 8 || !name) continue;
    await db.execute(sql`update whatsapp_contacts set name = ${name} where phone = ${phone}`);
  }
}

/** The customer's phone: `from` when Meta gives it, else the phone its user id was reported with. */
export async function phoneOfSender(db: Sql, from: string | undefined, userId: string | undefined) {
  const phone = digits(from);
  if (phone) return phone;
  if (!userId) return null;
  const found = (await db.execute(sql`select phone from whatsapp_contacts where user_id = ${userId}`)) as unknown as {
    rows: { phone: string }[];
  };
  return found.rows[0]?.phone ?? null;
}

/**
 * Meta's `user_changed_user_id` system messages: a customer's business-scoped user id changed
 * (`system.previous_user_id` → the new one, `system.user_id` or the message's `from_user_id`).
 * The conversation that held the previous id holds the new one; an id already held elsewhere is
 * moved, as Meta's signed word is the latest. Answers how many conversations changed.
 */
export async function applyUserIdChanges(db: Sql, change: WebhookChange): Promise<number> {
  let changed = 0;
  for (const m of change.messages) {
    if (m.type !== "system" || m.system?.type !== "user_changed_user_id") continue;
    const previous = m.system.previous_user_id;
    const next = m.system.user_id ?? m.from_user_id;
    if (!previous || !next || previous === next) continue;
    const held = (await db.execute(
      sql`select phone from whatsapp_contacts where user_id = ${previous} for update`,
    )) as unknown as { rows: { phone: string }[] };
    if (held.rows.length === 0) continue;
    await db.execute(sql`update whatsapp_contacts set user_id = null where user_id = ${next}`);
    const moved = (await db.execute(
      sql`update whatsapp_contacts set user_id = ${next} where user_id = ${previous} returning phone`,
    )) as unknown as { rows: unknown[] };
    changed += moved.rows.length;
  }
  return changed;
}
