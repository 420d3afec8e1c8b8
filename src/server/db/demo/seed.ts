import { count } from "drizzle-orm";
import type { Db } from "../client.js";
import { categories, orderItems, orders, orderStatusEvents, products, reviews } from "../schema.js";
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from "./catalog.js";
import { makeDemoImages } from "./images.js";
import { planDemoOrders, type SeededProduct } from "./orders.js";
import { seededRandom } from "./random.js";
import { saveSpecVariants } from "../../modules/catalogue/index.js";

const DAY = 86_400_000;

async function isEmpty(db: Db): Promise<boolean> {
  const [p] = await db.select({ n: count() }).from(products);
  const [c] = await db.select({ n: count() }).from(categories);
  return p.n === 0 && c.n === 0;
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 200): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Fills an empty database with the demo catalogue, orders and reviews. A database that already
 * has products or categories is left alone. Pictures are drawn and stored first; everything else
 * goes in one transaction, so an interrupted start leaves no half store behind.
 */
export async function seedDemoData(db: Db, now = Date.now()): Promise<void> {
  if (!(await isEmpty(db))) return;
  const pictures = await makeDemoImages(db, DEMO_PRODUCTS);
  const random = seededRandom(20240601);

  await db.transaction(async (tx) => {
    await tx.insert(categories).values(DEMO_CATEGORIES.map((c) => ({ ...c })));
    const seeded: SeededProduct[] = [];
    for (const [i, p] of DEMO_PRODUCTS.entries()) {
      const createdAt = new Date(now - p.daysAgo * DAY - random.int(0, 20) * 3_600_000);
      const pics = pictures[i];
      const [row] = await tx
        .insert(products)
        .values({
          name: p.name,
          sku: p.sku,
          description: p.description,
          price: p.price.toFixed(2),
          originalPrice: p.originalPrice?.toFixed(2) ?? null,
          category: p.category,
          sizes: p.sizes,
          colors: p.colors,
          inStock: p.inStock ?? true,
          featured: p.featured ?? false,
          images: pics.images.map((r) => r.id),
          colorVariantImages: Object.fromEntries(Object.entries(pics.byColor).map(([c, r]) => [c, [r.id]])),
          colorVariantStock: Object.fromEntries(p.colors.map((c) => [c, !(p.soldOut ?? []).includes(c)])),
          createdAt: createdAt.toISOString(),
          updatedAt: createdAt.toISOString(),
        })
        .returning({ id: products.id });
      await saveSpecVariants(tx, {
        id: row.id,
        sizes: p.sizes,
        colors: p.colors,
        price: p.price.toFixed(2),
        originalPrice: p.originalPrice?.toFixed(2) ?? null,
      });
      seeded.push({
        id: row.id,
        name: p.name,
        category: p.category,
        price: p.price,
        sizes: p.sizes,
        colors: p.colors,
        createdAt,
        imageOf: (c) => pics.byColor[c] ?? null,
      });
    }

    const plan = planDemoOrders(random, seeded, now);
    await insertChunked(plan.orders, (chunk) => tx.insert(orders).values(chunk));
    await insertChunked(plan.items, (chunk) => tx.insert(orderItems).values(chunk));
    await insertChunked(plan.events, (chunk) => tx.insert(orderStatusEvents).values(chunk));
    await insertChunked(plan.reviews, (chunk) => tx.insert(reviews).values(chunk));
  });
}
