import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_RANGES } from "@shared/constants.js";
import { salePricePaisa, toPaisa, type DiscountRule } from "@shared/rules/discounts.js";
import type { Facets } from "@shared/schemas/attributes.js";
import { discounts, products } from "../../db/schema.js";
import { ManualClock } from "../../jobs/clock.js";
import { cacheKey } from "../../plugins/catalogue-cache.js";
import { insertCategory, insertProduct } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { launchDueDrafts } from "../catalogue/index.js";

const T0 = new Date("2026-12-01T10:00:00Z");
const clock = new ManualClock(T0);
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const slug of ["casual", "formal"]) await insertCategory(t.db, slug);
});
afterAll(() => t.close());

interface Seed {
  category: "casual" | "formal";
  price: number;
  options: { name: string; values: string[] }[];
  attributes: Record<string, string[]>;
  /** Active when absent; a draft launches at publishAt (minutes after T0), if given. */
  status?: "active" | "draft" | "archived";
  publishAt?: number | null;
}

const OPTION_VALUES: Record<string, string[]> = {
  Make: ["Unstitched", "Stitched"],
  Size: ["S", "M", "L"],
  Color: ["Red", "Blue"],
};
const ATTRIBUTE_VALUES: Record<string, string[]> = {
  Fabric: ["Lawn", "Khaddar", "Silk"],
  Season: ["Summer", "Winter"],
};

const someOf = (values: string[]) => fc.subarray(values, { minLength: 0 });
const seedArb: fc.Arbitrary<Seed> = fc.record({
  category: fc.constantFrom("casual" as const, "formal" as const),
  price: fc.integer({ min: 500, max: 9000 }),
  options: fc
    .record(Object.fromEntries(Object.entries(OPTION_VALUES).map(([n, v]) => [n, fc.subarray(v, { minLength: 1 })])))
    .chain((all) => fc.subarray(Object.keys(all)).map((names) => names.map((name) => ({ name, values: all[name] })))),
  attributes: fc
    .record(Object.fromEntries(Object.entries(ATTRIBUTE_VALUES).map(([n, v]) => [n, someOf(v)])))
    .map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v.length > 0))),
});
/**
 * Up to 12 products, drawn from a few kinds so that several share one token set (the counts group
 * products by token set) yet differ in category and price.
 */
const catalogueArb: fc.Arbitrary<Seed[]> = fc.array(seedArb, { minLength: 1, maxLength: 5 }).chain((kinds) =>
  fc.array(
    fc
      .tuple(
        fc.constantFrom(...kinds),
        fc.constantFrom("casual" as const, "formal" as const),
        fc.integer({ min: 500, max: 9000 }),
      )
      .map(([kind, category, price]) => ({ ...kind, category, price })),
    { maxLength: 12 },
  ),
);
const ALL_TOKENS = [...Object.entries(OPTION_VALUES), ...Object.entries(ATTRIBUTE_VALUES)].flatMap(([n, vs]) =>
  vs.map((v) => `${n}:${v}`),
);

const tokensOf = (s: Seed) => [
  ...s.options.flatMap((o) => o.values.map((v) => `${o.name}:${v}`)),
  ...Object.entries(s.attributes).flatMap(([n, vs]) => vs.map((v) => `${n}:${v}`)),
];

type Range = (typeof PRICE_RANGES)[number] | null;

/** In the chosen price range: a bound belongs to the range that starts there. */
const inRange = (price: number, range: Range) =>
  range === null || (price >= range.min && (range.max === null || price < range.max));

/**
 * The facets worked out by hand: every product looked at, for every name. `seeds` are the products
 * shoppers see, each at the price they see.
 */
function bruteForce(seeds: Seed[], filters: string[], category: string | null, range: Range = null) {
  const chosen = new Map<string, string[]>();
  for (const f of filters) {
    const [name, value] = f.split(":");
    chosen.set(name, [...(chosen.get(name) ?? []), value]);
  }
  const matches = (s: Seed, except: string | null, withPrice = true) =>
    (category === null || s.category === category) &&
    (!withPrice || inRange(s.price, range)) &&
    [...chosen].every(([name, values]) => name === except || values.some((v) => tokensOf(s).includes(`${name}:${v}`)));
  const names = new Set([
    ...seeds
      .filter((s) => matches(s, null))
      .flatMap(tokensOf)
      .map((tk) => tk.split(":")[0]),
  ]);
  for (const name of chosen.keys()) names.add(name);
  for (const s of seeds) for (const tk of tokensOf(s)) if (matches(s, tk.split(":")[0])) names.add(tk.split(":")[0]);
  const facets: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const counts: Record<string, number> = {};
    for (const s of seeds.filter((x) => matches(x, name)))
      for (const tk of tokensOf(s))
        if (tk.startsWith(`${name}:`)) counts[tk.slice(name.length + 1)] = (counts[tk.slice(name.length + 1)] ?? 0) + 1;
    for (const v of chosen.get(name) ?? []) counts[v] ??= 0;
    if (Object.keys(counts).length) facets[name] = counts;
  }
  // The span of prices ignores the price range, as the shop's price filter offers every range.
  const prices = seeds.filter((s) => matches(s, null, false)).map((s) => s.price);
  return {
    facets,
    price: {
      min: prices.length ? Math.floor(Math.min(...prices)) : null,
      max: prices.length ? Math.ceil(Math.max(...prices)) : null,
    },
  };
}

/** The catalogue as `seeds` (ids in their order): inserted, then each one's options written by an update. */
async function replaceCatalogue(seeds: Seed[]): Promise<number[]> {
  await t.db.delete(products);
  const ids: number[] = [];
  for (const s of seeds) {
    const row = await insertProduct(t.db, {
      category: s.category,
      price: s.price.toFixed(2),
      sizes: [],
      colors: [],
      attributes: s.attributes,
      status: s.status ?? "active",
      publishAt: s.publishAt == null ? null : new Date(T0.getTime() + s.publishAt * 60_000).toISOString(),
    });
    await t.db.execute(sql`update products set options = ${JSON.stringify(s.options)}::jsonb where id = ${row.id}`);
    ids.push(row.id);
  }
  t.app.catalogueCache.invalidate();
  return ids;
}

/** Shown to shoppers `minutes` after T0: active, or a draft whose launch time has come (decision 039). */
const isVisible = (s: Seed, minutes: number) =>
  (s.status ?? "active") === "active" || (s.status === "draft" && s.publishAt != null && s.publishAt <= minutes);

const visibilityArb = fc.record({
  status: fc.constantFrom("active" as const, "active" as const, "draft" as const, "archived" as const),
  publishAt: fc.constantFrom(null, -60, 60, 120),
  // Prices with paisa too: the shown price under a sale is not then in the regular price's order.
  price: fc.oneof(
    fc.integer({ min: 500, max: 9000 }),
    fc.integer({ min: 50_000, max: 900_000 }).map((p) => p / 100),
  ),
});

interface SaleSeed {
  kind: "percent" | "fixed";
  value: number;
  categories: string[];
  /** Indexes into the catalogue: the products the sale names one by one. */
  products: number[];
}

const saleArb = (count: number): fc.Arbitrary<SaleSeed> =>
  fc.record({
    kind: fc.constantFrom("percent" as const, "fixed" as const),
    value: fc.integer({ min: 1, max: 60 }),
    categories: fc.subarray(["casual", "formal"]),
    products: fc.subarray([...Array(count).keys()], { maxLength: Math.min(3, count) }),
  });

/** The automatic sales, live from before T0 without end; answers them as the pricing rules take them. */
async function replaceSales(sales: SaleSeed[], ids: number[]): Promise<DiscountRule[]> {
  await t.db.delete(discounts);
  const rules: DiscountRule[] = [];
  for (const sale of sales) {
    const value = sale.kind === "percent" ? sale.value : sale.value * 50;
    const productIds = sale.products.map((i) => ids[i]);
    const [row] = await t.db
      .insert(discounts)
      .values({ code: null, kind: sale.kind, value: String(value), categories: sale.categories, productIds })
      .returning({ id: discounts.id });
    rules.push({
      id: row.id,
      code: null,
      kind: sale.kind,
      value,
      minSubtotal: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perPhoneLimit: null,
      categories: sale.categories,
      productIds,
      active: true,
    });
  }
  return rules;
}

const query = (filters: string[], category: string | null, range: Range = null) => {
  const params = new URLSearchParams();
  for (const f of filters) params.append("f", f);
  if (category) params.append("category", category);
  if (range) params.append("priceRange", range.value);
  return params.toString();
};

async function facetsOf(q: string): Promise<Facets> {
  const res = await t.app.inject({ url: `/api/products/facets?${q}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const asRecord = (answer: Facets) =>
  Object.fromEntries(answer.facets.map((f) => [f.name, Object.fromEntries(f.values.map((v) => [v.value, v.count]))]));

describe("GET /api/products/facets", () => {
  it("counts every option and attribute value as a count by hand over random catalogues does", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb,
        fc.subarray(ALL_TOKENS, { maxLength: 4 }),
        fc.constantFrom(null, "casual", "formal"),
        fc.constantFrom<Range>(null, ...PRICE_RANGES),
        async (seeds, filters, category, range) => {
          await replaceCatalogue(seeds);
          const answer = await facetsOf(query(filters, category, range));
          const expected = bruteForce(seeds, filters, category, range);
          expect(asRecord(answer)).toEqual(expected.facets);
          expect(answer.price).toEqual(expected.price);
          // The list with the same filters holds exactly the products the counts speak of.
          const list = await t.app.inject({ url: `/api/products?${query(filters, category, range)}` });
          expect(list.json()).toHaveLength(
            seeds.filter((_, i) => bruteMatch(seeds[i], filters, category) && inRange(seeds[i].price, range)).length,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it("counts from the roll-up as from every product, with drafts, launches, archived products and automatic sales", async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueArb.chain((seeds) =>
          fc.tuple(
            fc.tuple(...seeds.map((s) => visibilityArb.map((v) => ({ ...s, ...v })))),
            fc.array(saleArb(seeds.length), { maxLength: 2 }),
          ),
        ),
        fc.subarray(ALL_TOKENS, { maxLength: 3 }),
        fc.constantFrom(null, "casual", "formal"),
        fc.constantFrom<Range>(null, ...PRICE_RANGES),
        fc.constantFrom(0, 90),
        fc.boolean(),
        async ([seeds, sales], filters, category, range, minutes, launched) => {
          const ids = await replaceCatalogue(seeds);
          const rules = await replaceSales(sales, ids);
          const now = new Date(T0.getTime() + minutes * 60_000);
          clock.set(now);
          // Whether the launch job has written the launch yet or not, shoppers see the same.
          if (launched) await launchDueDrafts(t.db, now);
          t.app.catalogueCache.invalidate();

          const seen = seeds.flatMap((s, i) =>
            isVisible(s, minutes)
              ? [
                  {
                    ...s,
                    price: salePricePaisa(toPaisa(s.price), { productId: ids[i], category: s.category }, rules) / 100,
                  },
                ]
              : [],
          );
          const expected = bruteForce(seen, filters, category, range);
          const answer = await facetsOf(query(filters, category, range));
          expect(asRecord(answer)).toEqual(expected.facets);
          expect(answer.price).toEqual(expected.price);
          // Search text is not kept in the roll-up: the same filters and a text every product has
          // are counted over the products themselves, and agree.
          expect(await facetsOf(`${query(filters, category, range)}&q=a+test+product`)).toEqual(answer);
        },
      ),
      { numRuns: 25 },
    );
    clock.set(T0);
    await t.db.delete(discounts);
  });

  it("orders options first, then attributes as the owner keeps them, sizes in their own order", async () => {
    await replaceCatalogue([
      {
        category: "casual",
        price: 1000,
        options: [{ name: "Size", values: ["L", "S", "M"] }],
        attributes: { Season: ["Winter"], Fabric: ["Silk", "Lawn"] },
      },
    ]);
    const answer = await facetsOf("");
    expect(answer.facets.map((f) => f.name)).toEqual(["Size", "Fabric", "Season"]);
    expect(answer.facets[0].values.map((v) => v.value)).toEqual(["S", "M", "L"]);
    expect(answer.facets[1].values.map((v) => v.value)).toEqual(["Lawn", "Silk"]);
  });

  it("answers from the cache, compressed, and counts again after a product changes", async () => {
    await replaceCatalogue([{ category: "casual", price: 1000, options: [], attributes: { Fabric: ["Lawn"] } }]);
    const first = await t.app.inject({
      url: "/api/products/facets?f=Fabric:Lawn",
      headers: { "accept-encoding": "br" },
    });
    expect(first.headers["content-encoding"]).toBe("br");
    const again = await t.app.inject({
      url: "/api/products/facets?f=Fabric:Lawn",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const [p] = await t.db.select().from(products);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/products/${p.id}`,
      headers: { cookie: t.adminCookie },
      payload: { name: p.name, price: "1000", category: "casual", attributes: { fabric: ["silk"] } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(asRecord(await facetsOf("f=Fabric:Lawn"))).toEqual({ Fabric: { Lawn: 0, Silk: 1 } });
  });

  it("counts a product's sizes and colours as its options Size and Color, and f finds it as sizes= does", async () => {
    await t.db.delete(products);
    await insertProduct(t.db, { category: "casual", sizes: ["M", "L"], colors: ["Red"] });
    await insertProduct(t.db, { category: "casual", sizes: ["S"], colors: ["Red", "Blue"] });
    t.app.catalogueCache.invalidate();
    expect(asRecord(await facetsOf("f=Size:M"))).toEqual({ Size: { S: 1, M: 1, L: 1 }, Color: { Red: 1 } });
    const byF = (await t.app.inject({ url: "/api/products?f=Size:M&f=Size:S&f=Color:Blue" })).json();
    const bySizes = (await t.app.inject({ url: "/api/products?sizes=M&sizes=S&colors=Blue" })).json();
    expect(byF.map((p: { id: number }) => p.id)).toEqual(bySizes.map((p: { id: number }) => p.id));
    expect(byF).toHaveLength(1);
  });

  it("is cached under its filters only: made-up parameters and blank filters make no new entry", () => {
    expect(cacheKey("/api/products/facets?utm_source=wa&f=Fabric:Lawn&f=&category=casual")).toBe(
      "/api/products/facets?category=casual&f=Fabric%3ALawn",
    );
  });

  it("counts no draft or archived product", async () => {
    await replaceCatalogue([{ category: "casual", price: 1000, options: [], attributes: { Fabric: ["Lawn"] } }]);
    await insertProduct(t.db, {
      category: "casual",
      status: "draft",
      attributes: { Fabric: ["Silk"] },
      sizes: [],
      colors: [],
    });
    await insertProduct(t.db, {
      category: "casual",
      status: "archived",
      attributes: { Fabric: ["Lawn"] },
      sizes: [],
      colors: [],
    });
    t.app.catalogueCache.invalidate();
    expect(asRecord(await facetsOf(""))).toEqual({ Fabric: { Lawn: 1 } });
  });

  it("refuses a filter that is not Name:Value, saying how to write one", async () => {
    const res = await t.app.inject({ url: "/api/products/facets?f=Lawn" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/f=<Name>:<Value>/);
  });
});

function bruteMatch(s: Seed, filters: string[], category: string | null): boolean {
  const chosen = new Map<string, string[]>();
  for (const f of filters) chosen.set(f.split(":")[0], [...(chosen.get(f.split(":")[0]) ?? []), f]);
  return (
    (category === null || s.category === category) &&
    [...chosen.values()].every((fs) => fs.some((f) => tokensOf(s).includes(f)))
  );
}
