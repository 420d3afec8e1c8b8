import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { NO_AMOUNTS } from "@shared/rules/amounts.js";
import { phoneKey } from "@shared/rules/phone.js";
import type { OrderSource } from "@shared/rules/order-source.js";
import type { NewOrder, OrderItem, placeOrderInput } from "@shared/schemas/orders.js";
import type { z } from "zod";
import { allPreconditions, type AlsoInsert, type OrderPrecondition } from "../../db/statement-parts.js";
import type { Db } from "../../db/client.js";
import type { OrderCore, OrderWrite } from "./order-core.js";
import { isRetryableConflict } from "../../db/errors.js";
import { executePrepared } from "../../db/prepared.js";
import { orders } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import {
  catalogueNow,
  checkChoice,
  forgetChoiceProducts,
  rememberedChoiceProducts,
  selectedImageId,
  type VersionedProduct,
} from "../catalogue/index.js";
import { findImageRefs } from "../images/index.js";
import {
  budgetCtes,
  budgetRefusal,
  checkUnitsPerVariant,
  seedBudgets,
  type OnlineBuyer,
  notEnoughStock,
  stockResultColumns,
  takeStockCtes,
  type StockLine,
} from "../stock/index.js";
import { isoTime, loadItems, orderColumns, toNewOrder } from "./order-serialize.js";
// What the shopper pays, priced once per attempt by modules/pricing.
import { amountsAsMoney, judgedHighRisk, priceOrder, type PricedOrder } from "../pricing/index.js";

/** Totals are stored as numeric(12, 2): beyond this the insert itself would fail. */
const MAX_TOTAL_PAISA = 999_999_999_999;

type PlaceOrderData = z.output<typeof placeOrderInput>;

/** The order row's own facts: the customer, where it goes, how it is paid. */
type OrderFacts = Omit<PlaceOrderData, "items" | "subtotal" | "tax" | "total">;

/** Who places the order and how: a shopper on the web by default, or a staff member by hand. */
export interface PlaceOrderOptions {
  idempotencyKey?: string;
  /**
   * What the satellites add to the order (its risk, its confirmation request, rows to insert with
   * it), worked out before the insert from the order's total in paisa (fees and discount
   * included); a throttle or a fake-order check may throw. It goes into the order's own
   * statement; when the statement found its precondition broken, it is asked again with what
   * was `found`. The placement workflows (place-web-order.ts, place-staff-order.ts) give it.
   */
  extrasFor?: (totalPaisa: number, found?: Record<string, unknown>) => Promise<OrderExtras>;
  source?: OrderSource;
  /** The timeline's actor of the first status: "customer", or the staff member's name. */
  actor?: string;
  status?: "pending" | "processing";
  /**
   * A shopper's web order, unconfirmed when placed: what it may take of counted stock is limited
   * per size × colour and per phone and network a day (decision 012). Staff orders leave it out.
   */
  onlineBuyer?: OnlineBuyer;
}

/** What the satellites add to a new order: the fake-order checks' findings and the WhatsApp outbox. */
export interface OrderExtras {
  networkKey: string | null;
  risk: { level: string; reasons: string[] };
  confirmationState: "off" | "queued" | "held";
  /** A staff member asked for the confirmation request: the outbox's automatic limits do not hold it. */
  confirmationByAgent?: boolean;
  /** False for an order held for an agent: scarce variants are recorded, not set aside (decision 012). */
  reserveScarce?: boolean;
  /**
   * A data-modifying statement run in the order's own statement (the outbox job), given the
   * order's id and the condition that the order was inserted.
   */
  alsoInsert?: AlsoInsert | AlsoInsert[];
  /**
   * What the extras were worked out from, checked in the order's own statement (as the products'
   * versions are): nothing is inserted unless `holds`, and the statement answers what it `found`.
   */
  precondition?: OrderPrecondition;
}

export interface PricedItem {
  productId: number;
  productName: string;
  category: string;
  quantity: number;
  size: string;
  color: string;
  /** The variant sold and its options (decision 038); null only on an exchange's line of an older order. */
  variantId: number | null;
  options: Record<string, string>;
  price: string;
  selectedImage: string | null;
}

/**
 * Prices every item from the catalogue (client amounts are ignored) and refuses with 409, naming
 * the item, anything that can no longer be bought as chosen.
 */
/** The order's lines as priced: each at its unit price, a line under an automatic sale with its regular price and that sale. */
export function orderItemsOf(priced: PricedItem[], sales: PricedOrder["sales"]): OrderItem[] {
  return priced.map((p, n) => {
    const sale = sales[n];
    return {
      productId: p.productId,
      productName: p.productName,
      quantity: p.quantity,
      size: p.size,
      color: p.color,
      variantId: p.variantId,
      options: p.options,
      price: Number(p.price),
      selectedImage: p.selectedImage,
      ...(sale ? { regularPrice: Number(sale.regularPrice), saleId: sale.saleId } : {}),
    };
  });
}

export async function priceItems(
  db: Db,
  items: PlaceOrderData["items"],
  catalogue: Map<number, VersionedProduct>,
): Promise<{ priced: PricedItem[]; subtotalPaisa: number; stockLines: StockLine[] }> {
  const lines = items.map((item) => {
    const product = catalogue.get(item.productId);
    if (!product) {
      const label = item.productName?.trim()
        ? `"${item.productName.trim().slice(0, 100)}"`
        : `Product #${item.productId}`;
      throw new AppError("CONFLICT", `${label} is no longer available; please remove it from your order`);
    }
    const choice = checkChoice(product, item.size, item.color, item.variantId, catalogueNow(db));
    if (!choice.ok) {
      const { message } = choice.problem;
      throw new AppError("CONFLICT", message.includes(product.name) ? message : `${product.name}: ${message}`);
    }
    return { item, product, choice, imageId: selectedImageId(product, choice.color, item.selectedImage) };
  });
  const refs = await findImageRefs(
    db,
    lines.flatMap((l) => l.imageId ?? []),
  );

  let subtotalPaisa = 0;
  const priced = lines.map(({ item, product, choice, imageId }): PricedItem => {
    // Whole paisa, so no floating-point drift across many lines.
    subtotalPaisa += Math.round(Number(choice.variant.price) * 100) * item.quantity;
    const ref = imageId ? refs.get(imageId) : undefined;
    return {
      productId: product.id,
      productName: product.name,
      category: product.category,
      quantity: item.quantity,
      size: choice.size,
      color: choice.color,
      variantId: choice.variant.id,
      options: choice.variant.options,
      price: choice.variant.price,
      selectedImage: ref ? JSON.stringify(ref) : null,
    };
  });
  if (subtotalPaisa > MAX_TOTAL_PAISA) {
    throw new AppError("CONFLICT", "This order is too large to place at once; please split it into smaller orders");
  }
  const stockLines = lines
    .filter((l) => l.product.trackStock)
    .map((l): StockLine => ({
      productId: l.product.id,
      variantId: l.choice.variant.id,
      productName: l.product.name,
      size: l.choice.size,
      color: l.choice.color,
      options: l.choice.variant.options,
      quantity: l.item.quantity,
    }));
  return { priced, subtotalPaisa, stockLines };
}

type Inserted =
  | { outcome: "placed"; order: NewOrder; stockLowest: number | null }
  | { outcome: "short"; stockLeft: unknown }
  | { outcome: "key taken" }
  | { outcome: "stale" }
  | { outcome: "budget unseeded" }
  | { outcome: "precondition broken"; found: Record<string, unknown> };

/** Everything the placement statement stores, by name. */
interface OrderStatement {
  id: string;
  facts: OrderFacts;
  priced: PricedItem[];
  /** What the order costs (modules/pricing): the amounts, and the discount code's limits. */
  money: PricedOrder;
  /** The products the lines were priced from, at the versions read; none for an exchange. */
  catalogue: Map<number, VersionedProduct>;
  stockLines: StockLine[];
  options: PlaceOrderOptions;
  extras?: OrderExtras;
  /** The statuses of the first timeline events, in order (an exchange: pending, then processing). */
  timeline?: string[];
  /** The order this one replaces (an exchange's new parcel). */
  replacementOf?: string;
}

/**
 * Inserts the order, its items and its first status events in one statement, so all of them are
 * stored or none (no transaction to open and close), and answers from the row it returned and
 * the items in hand rather than reading the order back. The same statement checks that every
 * product is still the version it was priced from, and inserts nothing when one is not
 * (decision 017).
 */
async function insertOrder(db: Db, statement: OrderStatement): Promise<Inserted> {
  const { id, facts: input, priced, money, catalogue, stockLines, extras: x, replacementOf } = statement;
  const { idempotencyKey, source = "web", actor = "customer", status = "pending", onlineBuyer } = statement.options;
  const timeline = JSON.stringify(statement.timeline ?? [status]);
  // The amounts and the code's limits (modules/pricing), checked in this statement.
  const m = amountsAsMoney(money.amounts);
  const precondition = money.precondition
    ? allPreconditions({ placement: x?.precondition, discount: money.precondition })
    : x?.precondition;
  const stock = stockLines.length > 0 ? takeStockCtes(stockLines, { reserveScarce: x?.reserveScarce }) : null;
  const budget = stock && onlineBuyer ? budgetCtes(onlineBuyer, stockLines) : null;
  const versions = JSON.stringify([...catalogue.values()].map((p) => ({ id: p.id, version: p.version })));
  const lines = JSON.stringify(
    priced.map((p, n) => ({
      n,
      product_id: p.productId,
      product_name: p.productName,
      category: p.category,
      quantity: p.quantity,
      size: p.size,
      color: p.color,
      variant_id: p.variantId,
      options: p.options,
      price: p.price,
      selected_image: p.selectedImage,
      regular_price: money.sales[n]?.regularPrice ?? null,
      sale_id: money.sales[n]?.saleId ?? null,
    })),
  );
  const result = await executePrepared(
    db,
    sql`
    with fresh as (
      select count(*) = ${catalogue.size}::int as ok
      from products p join json_to_recordset(${versions}::json) as v(id int, version text)
        on p.id = v.id and p.xmin::text = v.version
    ),
    ${precondition?.ctes ?? sql``}
    ${stock?.before ?? sql``}
    ${budget?.before ?? sql``}
    placed as (
      insert into orders (status, customer_name, customer_phone, phone_key, customer_email, shipping_address,
                          city, postal_code, special_instructions, subtotal, tax, total, payment_method,
                          session_id, idempotency_key, source, id, network_key, risk_level, risk_reasons,
                          confirmation_state, confirmation_updated_at, confirmation_by_agent, replacement_of,
                          discount, delivery_fee, cod_fee, discount_code, discount_id, sale_discount,
                          advance_amount, advance_status)
      select ${status}, ${input.customerName}, ${input.customerPhone}, ${phoneKey(input.customerPhone)},
             ${input.customerEmail}, ${input.shippingAddress}, ${input.city}, ${input.postalCode},
             ${input.specialInstructions}, ${m.subtotal}::numeric, 0, ${m.total}::numeric, ${input.paymentMethod},
             ${input.sessionId?.toLowerCase() ?? null}::uuid, ${idempotencyKey ?? null}, ${source}, ${id}::uuid,
             ${x?.networkKey ?? null}, ${x?.risk.level ?? "low"}, ${JSON.stringify(x?.risk.reasons ?? [])}::jsonb,
             ${x?.confirmationState ?? "off"}, ${x?.confirmationState && x.confirmationState !== "off" ? sql`now()` : null},
             ${x?.confirmationByAgent ?? false}, ${replacementOf ?? null}::uuid,
             ${m.discount}::numeric, ${m.deliveryFee}::numeric, ${m.codFee}::numeric,
             ${money.applied?.code ?? null}, ${money.applied?.id ?? null}::int, ${m.saleDiscount}::numeric,
             ${m.advance}::numeric, ${money.amounts.advance > 0 ? "due" : "none"}
      from fresh where fresh.ok ${precondition ? sql`and ${precondition.holds}` : sql``}
        ${stock ? sql`and (select ok from stock_ok)` : sql``}
        ${budget ? sql`and (select ok from budget_ok)` : sql``}
      on conflict (idempotency_key) do nothing
      returning *
    ),${stock?.after ?? sql``}${budget?.after ?? sql``}
    lines as (
      insert into order_items (order_id, product_id, product_name, category, quantity, size, color, variant_id,
                               options, price, selected_image, regular_price, sale_id)
      select placed.id, l.product_id, l.product_name, l.category, l.quantity, l.size, l.color, l.variant_id,
             l.options, l.price, l.selected_image, l.regular_price, l.sale_id
      from placed cross join json_to_recordset(${lines}::json) as l(
        n int, product_id int, product_name text, category text, quantity int, size text, color text,
        variant_id int, options jsonb, price numeric, selected_image text, regular_price numeric, sale_id int)
      order by l.n
    ),
    first_events as (
      insert into order_status_events (order_id, status, actor)
      select placed.id, e.status, ${actor}
      from placed cross join json_array_elements_text(${timeline}::json) with ordinality as e(status, n)
      order by e.n
    )${sql.join(
      [x?.alsoInsert ?? []]
        .flat()
        .map((also, n) => sql`, also_${sql.raw(String(n))} as (${also(id, sql`exists (select 1 from placed)`)})`),
    )}
    select fresh.ok as fresh, ${precondition ? sql`${precondition.holds} as holds, ${precondition.found} as found,` : sql`true as holds,`}
           id, created_at, status, customer_name, customer_phone, customer_email,
           shipping_address, city, postal_code, special_instructions, subtotal::text, tax::text, total::text,
           payment_method, session_id, discount::text, delivery_fee::text, cod_fee::text, cod_amount::text, discount_code,
           sale_discount::text, advance_amount::text, advance_paid::text, advance_status, advance_method,
           advance_reference, advance_note,
           ${stock ? stockResultColumns : sql`true as stock_ok, null as stock_left, null as stock_lowest`},
           ${budget?.result ?? sql`true as budget_seeded, true as budget_ok, null as budget_units`}
    from fresh left join placed on true`,
  );
  const [row] = result.rows;
  if (!row.fresh) return { outcome: "stale" };
  if (!row.holds) {
    const found = typeof row.found === "string" ? JSON.parse(row.found) : row.found;
    // The placement's own findings, without the code's (it is counted again).
    const own = money.precondition ? (found as { placement?: unknown }).placement : found;
    return { outcome: "precondition broken", found: (own ?? {}) as Record<string, unknown> };
  }
  if (!row.budget_seeded) return { outcome: "budget unseeded" };
  if (!row.stock_ok) return { outcome: "short", stockLeft: row.stock_left };
  if (!row.budget_ok) throw budgetRefusal(row.budget_units, stockLines);
  if (row.id === null) return { outcome: "key taken" };
  const items = orderItemsOf(priced, money.sales);
  const order = toNewOrder(
    {
      id: String(row.id),
      createdAt: isoTime(row.created_at as string | Date),
      status: String(row.status),
      customerName: String(row.customer_name),
      customerPhone: String(row.customer_phone),
      customerEmail: String(row.customer_email),
      shippingAddress: String(row.shipping_address),
      city: String(row.city),
      postalCode: String(row.postal_code),
      specialInstructions: String(row.special_instructions),
      subtotal: String(row.subtotal),
      tax: String(row.tax),
      total: String(row.total),
      paymentMethod: String(row.payment_method),
      sessionId: row.session_id === null ? null : String(row.session_id),
      discount: String(row.discount),
      saleDiscount: String(row.sale_discount),
      deliveryFee: String(row.delivery_fee),
      codFee: String(row.cod_fee),
      codAmount: String(row.cod_amount),
      discountCode: row.discount_code === null ? null : String(row.discount_code),
      advanceAmount: String(row.advance_amount),
      advancePaid: String(row.advance_paid),
      advanceStatus: String(row.advance_status),
      advanceMethod: (row.advance_method as string | null) ?? null,
      advanceReference: (row.advance_reference as string | null) ?? null,
      advanceNote: (row.advance_note as string | null) ?? null,
    },
    items,
  );
  return { outcome: "placed", order, stockLowest: row.stock_lowest === null ? null : Number(row.stock_lowest) };
}

async function readPlacedOrder(db: Db, where: ReturnType<typeof eq>): Promise<NewOrder | null> {
  const [row] = await db.select(orderColumns).from(orders).where(where);
  if (!row) return null;
  const items = await loadItems(db, [row.id]);
  return toNewOrder(row, items.get(row.id) ?? []);
}

/**
 * The order an earlier request with this key placed. A key only replays an order for the same
 * phone number, so a leaked or guessed key never shows someone else's order.
 */
async function replayed(db: Db, key: string, phone: string): Promise<NewOrder | null> {
  const order = await readPlacedOrder(db, eq(orders.idempotencyKey, key));
  if (order && phoneKey(order.customerPhone) !== phoneKey(phone)) {
    throw new AppError("CONFLICT", "This Idempotency-Key was already used for a different order; send a new key");
  }
  return order;
}

/** Tries with the products as remembered, then twice more straight from the database. */
const PRICING_ATTEMPTS = 3;
/** Tries again with the facts the statement found (orders of the phone or network placed meanwhile). */
const PRECONDITION_RECHECKS = 5;

const busy = () =>
  new AppError("UNAVAILABLE", "Many orders are being placed right now; please try again in a moment", undefined, {
    "Retry-After": "1",
  });

/**
 * Places an order: prices it from the catalogue, then stores it in one statement. Products come
 * from memory when read before; the statement refuses to insert if any has changed since, and
 * the order is priced again from the database. With an idempotency key a retry (even a
 * simultaneous one) gets the first order: the unique key makes the second insert a no-op, and
 * the caller is given the stored order. The earlier order is looked up only when it may exist
 * (the key is taken, or a new order was refused), so a first attempt costs no extra query.
 * `extrasFor` (a throttle that may throw) runs before the insert, yet a retry of an order
 * already placed is still answered. Called by the named placement workflows only.
 */
export async function placeOrder(
  core: OrderCore,
  input: PlaceOrderData,
  options: PlaceOrderOptions = {},
): Promise<{ order: NewOrder; created: boolean }> {
  const placed = await placeOnce(core.db, input, options);
  // Told once stored: the live queue, the catalogue's stock, the outbox's wake (decision 017).
  if (placed.created) await core.changed({ placed: [placed.order.id], stockLowest: placed.stockLowest ?? null });
  return { order: placed.order, created: placed.created };
}

async function placeOnce(
  db: Db,
  input: PlaceOrderData,
  options: PlaceOrderOptions,
): Promise<{ order: NewOrder; created: boolean; stockLowest?: number | null }> {
  const { idempotencyKey, extrasFor, onlineBuyer } = options;
  const ids = input.items.map((i) => i.productId);
  let keyTaken = false;
  const id = randomUUID();
  // What the statement found when the extras' precondition no longer held (another order of the
  // same phone or network, on any server): the extras are worked out again from it.
  let found: Record<string, unknown> | undefined;
  let rechecks = 0;
  try {
    for (let attempt = 0; attempt < PRICING_ATTEMPTS; attempt++) {
      const catalogue = await rememberedChoiceProducts(db, ids, attempt > 0);
      const { priced, stockLines } = await priceItems(db, input.items, catalogue);
      // Sale prices, the code, delivery and COD fees; 422 for a code that does not apply.
      let money = await priceOrder(db, { ...input, lines: priced, phone: input.customerPhone }, { strict: true });
      priced.forEach((p, n) => (p.price = money.unitPrices[n]));
      const totalPaisa = money.amounts.total;
      if (onlineBuyer && stockLines.length > 0) {
        checkUnitsPerVariant(stockLines);
        await seedBudgets(db, onlineBuyer);
      }
      const extras = await extrasFor?.(totalPaisa, found);
      // A high-risk order may owe an advance (decision 027): known only once the checks ran.
      money = judgedHighRisk(money, extras?.risk.level === "high");
      let inserted: Inserted;
      try {
        inserted = await insertOrder(db, {
          id,
          facts: input,
          priced,
          money,
          catalogue,
          stockLines,
          options,
          extras,
        });
      } catch (err) {
        // Rolled back whole because of a concurrent writer (two statements updating the same
        // report roll-up rows in opposite orders): nothing was stored, so it is run again.
        if (!isRetryableConflict(err)) throw err;
        if (attempt === PRICING_ATTEMPTS - 1) throw busy();
        continue;
      }
      if (inserted.outcome === "placed")
        return { order: inserted.order, created: true, stockLowest: inserted.stockLowest };
      if (inserted.outcome === "short") throw notEnoughStock(stockLines, inserted.stockLeft);
      if (inserted.outcome === "key taken") {
        keyTaken = true;
        break;
      }
      if (inserted.outcome === "budget unseeded") {
        // This server took a budget row for seeded that is not there (a restore, a prune).
        if (++rechecks > PRECONDITION_RECHECKS) throw busy();
        await seedBudgets(db, onlineBuyer!, true);
        attempt--;
        continue;
      }
      if (inserted.outcome === "precondition broken") {
        if (++rechecks > PRECONDITION_RECHECKS) throw busy();
        found = inserted.found;
        attempt--; // the products were fine: not a pricing attempt
        continue;
      }
      forgetChoiceProducts(db, ids);
    }
  } catch (err) {
    // Refused now (sold out since, or the phone's cap reached), yet perhaps placed earlier.
    if (!idempotencyKey || !(err instanceof AppError)) throw err;
    const earlier = await replayed(db, idempotencyKey, input.customerPhone);
    if (earlier) return { order: earlier, created: false };
    throw err;
  }
  if (!keyTaken)
    throw new AppError(
      "CONFLICT",
      "Prices changed while your order was being placed; please review your cart and try again",
    );
  const earlier = await replayed(db, idempotencyKey!, input.customerPhone);
  if (!earlier) throw new AppError("CONFLICT", "This order is still being placed; please try again in a moment");
  return { order: earlier, created: false };
}

/** An exchange's new parcel: the order it replaces, and the items to send, spelt as the catalogue spells them. */
export interface Replacement {
  original: Pick<
    OrderFacts,
    "customerName" | "customerPhone" | "customerEmail" | "shippingAddress" | "city" | "postalCode"
  > & {
    id: string;
    paymentMethod: string;
  };
  lines: (StockLine & { category: string; selectedImage: string | null; tracked: boolean })[];
  actor: string;
  specialInstructions: string;
}

/**
 * The third kind of placement, after the web's and the staff's: an exchange's replacement, placed
 * by the same statement in the return decision's transaction. At no charge, ready to ship (its
 * timeline: pending, then processing), linked to the order it replaces; tracked items take stock
 * exactly as a placed order's (decision 007). Answers the new id, or the units left when a tracked
 * variant falls short (nothing is stored then).
 */
export async function placeReplacement(
  w: OrderWrite,
  { original, lines, actor, specialInstructions }: Replacement,
): Promise<{ id: string } | { short: unknown }> {
  const stockLines: StockLine[] = lines.filter((l) => l.tracked);
  const id = randomUUID();
  const inserted = await insertOrder(w.tx, {
    id,
    facts: {
      customerName: original.customerName,
      customerPhone: original.customerPhone,
      customerEmail: original.customerEmail,
      shippingAddress: original.shippingAddress,
      city: original.city,
      postalCode: original.postalCode,
      specialInstructions,
      paymentMethod: original.paymentMethod as OrderFacts["paymentMethod"],
      sessionId: null,
    },
    priced: lines.map((l) => ({ ...l, price: "0" })),
    money: freeOfCharge(lines.length),
    catalogue: new Map(),
    stockLines,
    options: { source: "web", actor, status: "processing" },
    timeline: ["pending", "processing"],
    replacementOf: original.id,
  });
  if (inserted.outcome === "short") return { short: inserted.stockLeft };
  if (inserted.outcome !== "placed") throw new Error(`A replacement order was not placed: ${inserted.outcome}`);
  w.placed(id, inserted.stockLowest);
  return { id };
}

/** An exchange's replacement costs nothing: no goods, fees or cash to collect, and no code. */
function freeOfCharge(lines: number): PricedOrder {
  return {
    unitPrices: Array.from({ length: lines }, () => "0"),
    sales: Array.from({ length: lines }, () => null),
    amounts: { ...NO_AMOUNTS },
    code: null,
    applied: null,
    precondition: null,
    advanceRules: null,
  };
}
