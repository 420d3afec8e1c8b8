import { sql } from "drizzle-orm";
import { normalizePhone } from "@shared/rules/phone.js";
import {
  CUSTOMER_SERVICE_WINDOW_MS,
  type Conversation,
  type ConversationList,
  type ConversationMessage,
} from "@shared/schemas/whatsapp.js";
import type { Db } from "../../../db/client.js";
import { AppError } from "../../../lib/app-error.js";
import { rowsOf as rows } from "../../../db/rows.js";
import { isUserId } from "./customer-ids.js";

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** How many conversations the inbox lists (latest first); older ones come back when they write again. */
export const CONVERSATIONS_SHOWN = 100;
/** How many of a conversation's latest messages it shows. */
export const MESSAGES_SHOWN = 500;

/** A conversation's key from any spelling of the number: digits with country code, `923001234567`. */
export function conversationPhone(param: unknown): string {
  // A customer known only by their business-scoped user id: the conversation is keyed by it.
  if (isUserId(String(param ?? ""))) return String(param);
  const digits = normalizePhone(String(param ?? "")).replace(/^0+/, "");
  if (!/^\d{8,13}$/.test(digits))
    throw new AppError(
      "NOT_FOUND",
      "No WhatsApp conversation with that number; write it as 03001234567 or 923001234567",
    );
  return digits.length === 10 ? `92${digits}` : digits;
}

/** Latest first, from one row per customer kept by the messages' trigger (migration 0013). */
export async function listConversations(db: Db): Promise<ConversationList> {
  const found = rows<{
    phone: string;
    name: string | null;
    body: string | null;
    kind: string | null;
    direction: "in" | "out" | null;
    last_at: string | null;
    unread: number;
  }>(
    await db.execute(sql`
      select c.phone, coalesce(c.name,
          (select o.customer_name from orders o where o.phone_key = right(c.phone, 10)
           order by o.created_at desc limit 1)) as name,
        m.body, m.kind, m.direction, c.last_at, c.unread
      from whatsapp_contacts c left join whatsapp_messages m on m.id = c.last_message_id
      where c.last_message_id is not null
      order by c.last_at desc nulls last, c.phone
      limit ${CONVERSATIONS_SHOWN}`),
  );
  return {
    conversations: found.map((r) => ({
      phone: r.phone,
      name: r.name,
      lastMessage: r.body || (r.kind ? `(${r.kind})` : ""),
      lastDirection: r.direction,
      lastAt: iso(r.last_at),
      unread: Number(r.unread),
    })),
    unread: await unreadTotal(db),
  };
}

/** Unread messages from customers, in all conversations (the admin menu's count). */
export async function unreadTotal(db: Db): Promise<number> {
  const [row] = rows<{ n: number }>(
    await db.execute(sql`select coalesce(sum(unread), 0)::int as n from whatsapp_contacts where unread > 0`),
  );
  return Number(row?.n ?? 0);
}

/** When the customer's last message arrived (their `timestamp`), or null if they never wrote. */
export async function lastCustomerMessageAt(db: Pick<Db, "execute">, phone: string): Promise<Date | null> {
  const [row] = rows<{ at: string | null }>(
    await db.execute(sql`select max(coalesce(sent_at, created_at)) as at from whatsapp_messages
      where phone = ${phone} and direction = 'in'`),
  );
  return row?.at ? new Date(row.at) : null;
}

const mediaOf = (r: { id: number; kind: string; media_id: string | null; media_type: string | null }) =>
  r.media_id ? { type: r.kind, mimeType: r.media_type, url: `/api/admin/whatsapp/media/${r.id}` } : null;

/**
 * One customer's conversation: every message both ways (the latest MESSAGES_SHOWN, oldest first),
 * their orders beside it, and whether a free-form reply can be sent. Opening it reads it: its
 * unread count goes back to zero.
 */
export async function openConversation(db: Db, phone: string, now: Date): Promise<Conversation> {
  const messages = rows<{
    id: number;
    direction: "in" | "out";
    kind: string;
    state: string;
    body: string;
    error: string | null;
    media_id: string | null;
    media_type: string | null;
    sent_by: string | null;
    at: string;
  }>(
    await db.execute(sql`
      select * from (
        select id, direction, kind, state, body, error, media_id, media_type, sent_by,
          coalesce(sent_at, created_at) as at
        from whatsapp_messages where phone = ${phone}
        order by id desc limit ${MESSAGES_SHOWN}
      ) latest order by id`),
  );
  const [contact] = rows<{ name: string | null; user_id: string | null }>(
    await db.execute(sql`
      with seen as (
        update whatsapp_contacts set unread = 0, read_up_to = coalesce(last_message_id, read_up_to)
        where phone = ${phone} and unread > 0
      )
      select name, user_id from whatsapp_contacts where phone = ${phone}`),
  );
  // Orders are found by phone: a customer known only by user id has none the store can tie to them.
  const orders = isUserId(phone)
    ? []
    : rows<{ id: string; status: string; total: string; confirmation_state: string; created_at: string }>(
        await db.execute(sql`
          select id, status, total::text as total, confirmation_state, created_at from orders
          where phone_key = right(${phone}, 10) order by created_at desc limit 20`),
      );
  if (!contact && messages.length === 0 && orders.length === 0)
    throw new AppError("NOT_FOUND", "No WhatsApp conversation or order with that number");
  const last = await lastCustomerMessageAt(db, phone);
  const closesAt = last ? new Date(last.getTime() + CUSTOMER_SERVICE_WINDOW_MS) : null;
  return {
    phone,
    name: contact?.name ?? null,
    userId: contact?.user_id ?? null,
    window: { open: !!closesAt && closesAt > now, closesAt: iso(closesAt) },
    messages: messages.map((r): ConversationMessage => ({
      id: Number(r.id),
      direction: r.direction,
      kind: r.kind,
      state: r.state,
      body: r.body,
      error: r.error,
      media: mediaOf(r),
      sentBy: r.sent_by,
      at: iso(r.at)!,
    })),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      total: Number(o.total),
      confirmationState: o.confirmation_state,
      createdAt: iso(o.created_at)!,
    })),
  };
}
