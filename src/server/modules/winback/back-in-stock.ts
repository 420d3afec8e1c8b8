import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { productPath } from "@shared/catalogue/handles.js";
import { itemLabel, type ProductOption, type VariantOptions } from "@shared/catalogue/variants.js";
import { whatsappNumber } from "@shared/rules/phone.js";
import {
  BACK_IN_STOCK_LAPSE_DAYS,
  BACK_IN_STOCK_PER_NETWORK_PER_DAY,
  BACK_IN_STOCK_PER_PHONE,
} from "@shared/rules/winback.js";
import type { BackInStockInput } from "@shared/schemas/winback.js";
import type { Db } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { AppError, conflict } from "../../lib/app-error.js";
import type { MarketingMessage, MarketingSource, WhatsappConfig } from "../whatsapp/index.js";

const DAY_MS = 24 * 60 * 60_000;
const RETRY_MS = 5 * 60_000;

/**
 * Units of the variant a shopper may buy now, as SQL over `v` (product_variants) and `p` (products):
 * none when the product is off sale; its counted stock when the product counts it; else one.
 */
const unitsOnSale = sql`case when not p.in_stock then 0 when not p.track_stock then 1
  else coalesce((select s.quantity from product_stock s where s.variant_id = v.id
    or (s.variant_id is null and s.product_id = v.product_id and s.size = v.size and s.color = v.color)
    order by s.variant_id nulls last limit 1), 0) end`;

interface FoundVariant {
  id: number;
  size: string;
  color: string;
  units: number;
}

/** The variant asked for: by id (of this product), or by the spec's size and colour (old clients). */
async function findVariant(db: Db, input: BackInStockInput): Promise<FoundVariant> {
  const which =
    input.variantId !== undefined
      ? sql`v.id = ${input.variantId}`
      : sql`v.size = ${input.size ?? ""} and v.color = ${input.color ?? ""}`;
  const [row] = rowsOf<FoundVariant>(
    await db.execute(sql`select v.id, v.size, v.color, (${unitsOnSale})::int as units
      from product_variants v join products p on p.id = v.product_id
      where v.product_id = ${input.productId} and ${which} order by v.position limit 1`),
  );
  if (!row)
    throw new AppError(
      "NOT_FOUND",
      input.variantId !== undefined
        ? "That product has no such variant; choose one of its options"
        : "That product is not sold in this size and colour; choose one of its options",
    );
  return row;
}

/**
 * POST /api/back-in-stock (CONTRACT.md part four): keeps the phone's wish to hear once the sold-out
 * variant is back. The same answer whether or not the phone already asked (a shopper cannot learn
 * another's subscriptions); refused with nothing stored for a variant on sale, and past the bounds
 * per phone (open requests) and per network (a day).
 */
export async function subscribe(app: FastifyInstance, input: BackInStockInput, network: string | null) {
  const variant = await findVariant(app.db, input);
  if (variant.units > 0) throw conflict("This is on sale now: add it to your cart instead");
  const phone = whatsappNumber(input.phone);
  const dayAgo = new Date(app.clock.now().getTime() - DAY_MS).toISOString();
  const [counts] = rowsOf<{ phone: number; network: number }>(
    await app.db.execute(sql`select
      (select count(*)::int from back_in_stock_requests where phone = ${phone} and state in ('waiting', 'due')) as phone,
      (select count(*)::int from back_in_stock_requests where network = ${network}
         and created_at > ${dayAgo}::timestamptz) as network`),
  );
  if (counts.phone >= BACK_IN_STOCK_PER_PHONE || counts.network >= BACK_IN_STOCK_PER_NETWORK_PER_DAY)
    throw new AppError("RATE_LIMITED", "Too many back-in-stock requests; please try again tomorrow");
  await app.db.execute(sql`
    insert into back_in_stock_requests (product_id, variant_id, size, color, phone, network, created_at)
    values (${input.productId}, ${variant.id}, ${variant.size}, ${variant.color}, ${phone}, ${network},
      ${app.clock.now().toISOString()}::timestamptz)
    on conflict (variant_id, phone) where state in ('waiting', 'due') do nothing`);
  return { subscribed: true as const, variantId: variant.id };
}

interface DueRequest {
  id: number;
  product_id: number;
  variant_id: number;
  phone: string;
  name: string;
  handle: string;
  options: VariantOptions | string;
  product_options: ProductOption[] | string;
}

const json = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);
/** The product's option names in order; none stored (a product from before its options): the label's own order. */
const optionOrder = (options: unknown): string[] | undefined => {
  const names = json<ProductOption[]>(options as string).map((o) => o.name);
  return names.length > 0 ? names : undefined;
};

/**
 * The back-in-stock alerts, as a source of the WhatsApp marketing queue: the requests the stock
 * trigger made due (oldest first), each sent only while its variant is still on sale; when it is
 * not, that variant's due requests wait again for the next units.
 */
export function backInStockAlerts(app: FastifyInstance, config: WhatsappConfig): MarketingSource {
  const template = config.backInStockTemplate ?? "back_in_stock";
  const variantOf = new Map<number, number>();
  return {
    kind: "back_in_stock",
    async due(now, limit) {
      const due = rowsOf<DueRequest>(
        await app.db.execute(sql`select r.id, r.product_id, r.variant_id, r.phone, p.name, p.handle, v.options,
            p.options as product_options
          from back_in_stock_requests r join products p on p.id = r.product_id
            join product_variants v on v.id = r.variant_id
          where r.state = 'due' and (r.due_at is null or r.due_at <= ${now.toISOString()}::timestamptz)
          order by r.created_at, r.id limit ${limit}`),
      );
      variantOf.clear();
      return due.map((r): MarketingMessage => {
        variantOf.set(r.id, r.variant_id);
        const label = itemLabel(r.name, json<VariantOptions>(r.options), optionOrder(r.product_options)).slice(0, 100);
        const link = `${config.publicUrl ?? ""}${productPath(r)}?variant=${r.variant_id}`;
        return {
          ref: r.id,
          phone: r.phone,
          template,
          bodyParameters: [label, link],
          body: `Back in stock: ${label} ${link}`,
        };
      });
    },
    async stillDue(message) {
      const variant = variantOf.get(message.ref);
      const [row] = rowsOf<{ units: number }>(
        await app.db.execute(sql`select (${unitsOnSale})::int as units
          from product_variants v join products p on p.id = v.product_id where v.id = ${variant ?? 0}`),
      );
      if (row && Number(row.units) > 0) return true;
      // Sold again before this send: this variant's due requests wait for the next units.
      await app.db.execute(sql`update back_in_stock_requests set state = 'waiting', due_at = null
        where variant_id = ${variant ?? 0} and state = 'due'`);
      return false;
    },
    async sent(message, waMessageId) {
      await app.db.execute(sql`update back_in_stock_requests set state = 'notified', notified_at = now(),
        wa_message_id = ${waMessageId} where id = ${message.ref}`);
    },
    async notSent(message, _reason, retry, now) {
      await app.db.execute(
        retry
          ? sql`update back_in_stock_requests set due_at = ${new Date(now.getTime() + RETRY_MS).toISOString()}::timestamptz
              where id = ${message.ref}`
          : sql`update back_in_stock_requests set state = 'lapsed' where id = ${message.ref}`,
      );
    },
  };
}

/** Requests older than 60 days lapse (a day's sweep, on one app server). */
export async function lapseOldRequests(app: FastifyInstance): Promise<void> {
  const before = new Date(app.clock.now().getTime() - BACK_IN_STOCK_LAPSE_DAYS * DAY_MS).toISOString();
  await app.db.execute(sql`update back_in_stock_requests set state = 'lapsed'
    where state in ('waiting', 'due') and created_at < ${before}::timestamptz`);
}
