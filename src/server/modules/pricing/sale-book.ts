import { and, eq, isNull } from "drizzle-orm";
import { bestSale, phaseAt, salePricePaisa, toPaisa, type DiscountRule } from "@shared/rules/discounts.js";
import { toMoneyString } from "@shared/rules/money.js";
import type { Db } from "../../db/client.js";
import { discounts } from "../../db/schema.js";
import type { Clock } from "../../jobs/clock.js";
import type { FeeSettings } from "@shared/rules/fees.js";
import { toDiscountRule } from "./discount-rows.js";
import { loadPricingSettings, type PricingSettings } from "./fee-settings.js";

/** What the sale book needs of the catalogue cache (plugins/catalogue-cache.ts). */
export interface SaleCache {
  readonly generation: number;
  /** How long an answer is kept at most, a safety net under the change notifications. */
  readonly ttlMs: number;
  /** Answers kept must not outlive this instant (a sale starts or ends then). */
  expireAt(ms: number): void;
}

/**
 * The automatic sales (discounts without a code) and the delivery and COD fees, as prices need
 * them. Both are read again whenever the catalogue cache is cleared (a discount or a setting
 * written here or on another app server clears it, decision 004), so pricing an order costs no
 * query of its own. The cache is told when the next sale starts or ends, so it clears itself then:
 * a sale starts and stops at its time without a restart or an edit.
 */
export class SaleBook {
  private enabled: DiscountRule[] | null = null;
  private loadedAt = -1;
  private enabledAt = 0;
  private pricingSettings: { generation: number; readAt: number; read: Promise<PricingSettings> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly cache: SaleCache,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  /** The catalogue cache's generation: it moves whenever the catalogue, a discount or a setting is written. */
  get generation(): number {
    return this.cache.generation;
  }

  /** The sales live now. */
  async live(): Promise<DiscountRule[]> {
    const generation = this.cache.generation;
    if (this.enabled === null || generation !== this.loadedAt || this.expired(this.enabledAt)) {
      const rows = await this.db
        .select()
        .from(discounts)
        .where(and(isNull(discounts.code), eq(discounts.active, true)));
      this.enabled = rows.map(toDiscountRule);
      this.loadedAt = generation;
      this.enabledAt = this.clock.now().getTime();
    }
    const now = this.clock.now();
    const next = nextChange(this.enabled, now);
    if (next !== null) this.cache.expireAt(next);
    return this.enabled.filter((s) => phaseAt(s, now) === "live");
  }

  /** Read longer ago than the catalogue cache keeps an answer: a missed notification heals by then. */
  private expired(readAt: number): boolean {
    return this.clock.now().getTime() - readAt > this.cache.ttlMs;
  }

  /** The delivery and COD fees, the advance rules and the payment accounts in force (owner settings). */
  settings(): Promise<PricingSettings> {
    const generation = this.cache.generation;
    if (this.pricingSettings?.generation !== generation || this.expired(this.pricingSettings.readAt)) {
      const read = loadPricingSettings(this.db);
      this.pricingSettings = { generation, readAt: this.clock.now().getTime(), read };
      // A failed read is not kept: the next order reads again.
      read.catch(() => {
        if (this.pricingSettings?.read === read) this.pricingSettings = null;
      });
    }
    return this.pricingSettings!.read;
  }

  /** The delivery and COD fees in force (owner settings). */
  async fees(): Promise<FeeSettings> {
    return (await this.settings()).fees;
  }

  /** A product's public price and original price under the live sales. */
  async pricer(): Promise<(p: PricedProduct) => SalePrices> {
    const sales = await this.live();
    return (p) => {
      const regular = toPaisa(p.price);
      const sale =
        sales.length === 0 ? regular : salePricePaisa(regular, { productId: p.id, category: p.category }, sales);
      if (sale === regular) return { price: p.price, originalPrice: p.originalPrice };
      // The shopper sees the regular price struck through, or the product's own higher one.
      const original = p.originalPrice !== null && toPaisa(p.originalPrice) > regular ? p.originalPrice : p.price;
      return {
        price: toMoneyString(sale / 100),
        originalPrice: original,
        regular: { price: p.price, originalPrice: p.originalPrice },
      };
    };
  }
}

export interface SalePrices {
  price: string;
  originalPrice: string | null;
  regular?: { price: string; originalPrice: string | null };
}

export interface PricedProduct {
  id: number;
  category: string;
  price: string;
  originalPrice: string | null;
}

/** The first start or end after `now` among the sales (ms), or null. */
function nextChange(sales: readonly DiscountRule[], now: Date): number | null {
  let next: number | null = null;
  for (const s of sales)
    for (const at of [s.startsAt, s.endsAt]) {
      const ms = at ? new Date(at).getTime() : NaN;
      if (ms > now.getTime() && (next === null || ms < next)) next = ms;
    }
  return next;
}

const books = new WeakMap<Db, SaleBook>();

export function attachSaleBook(db: Db, book: SaleBook): void {
  books.set(db, book);
}

/** The app's sale book; none (no sales) for a database no app serves (seeding, benchmarks). */
export function saleBookOf(db: Db): SaleBook | undefined {
  return books.get(db);
}

/** Unit prices under the live sales, for whoever prices without an app (none: the regular price). */
export async function salePricer(db: Db): Promise<(p: PricedProduct) => SalePrices> {
  const book = saleBookOf(db);
  if (book) return book.pricer();
  return (p) => ({ price: p.price, originalPrice: p.originalPrice });
}

/** The fees in force: the app's, kept between changes; else read (seeding, benchmarks, a transaction). */
export async function feesInForce(db: Db): Promise<FeeSettings> {
  return (await pricingInForce(db)).fees;
}

/** The fees, advance rules and payment accounts in force, kept as the fees are. */
export async function pricingInForce(db: Db): Promise<PricingSettings> {
  return saleBookOf(db)?.settings() ?? loadPricingSettings(db);
}

/** A line's unit price (paisa) under the live sales and the sale that set it: what an order records. */
export async function saleLinePricer(
  db: Db,
): Promise<(regularPaisa: number, line: { productId: number; category: string }) => ReturnType<typeof bestSale>> {
  const sales = (await saleBookOf(db)?.live()) ?? [];
  return (regularPaisa, line) =>
    sales.length === 0 ? { pricePaisa: regularPaisa, saleId: null } : bestSale(regularPaisa, line, sales);
}

/** The time sales and codes go by: the app's clock (tests move it), else the system's. */
export function storeNow(db: Db): Date {
  return saleBookOf(db)?.now() ?? new Date();
}
