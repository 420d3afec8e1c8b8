// Issue 40: the catalogue list and its facets at 100,000 products with 8 variants each (Make ×
// Size), filed under Fabric, Season and Occasion. Facets' time ÷ the list's time, cached and
// precompressed as the shop is served, and computed afresh (the cache emptied before each read).
import { sql } from "drizzle-orm";
import { openPglite, type Database } from "../src/server/db/client.js";
import { seedDemoData } from "../src/server/db/demo/seed.js";
import { listen, load, onFreshPostgres, ratio, rows, writeResult } from "./support.js";

const HEADERS = { "accept-encoding": "br, gzip" };

/** The demo store grown to `count` products, each with 8 variants and some attributes. */
export async function seedFacetCatalogue(database: Database, count: number): Promise<void> {
  await seedDemoData(database.db);
  await database.db.execute(sql`
    with demo as (select p.*, row_number() over (order by p.id) - 1 as k from products p)
    insert into products (name, sku, description, price, category, sizes, colors, options, attributes, created_at)
    select d.name || ' No. ' || g, d.sku || '-' || g, d.description, 2000 + (g % 70) * 100, d.category,
           array['S', 'M', 'L', 'XL'], '{}'::text[],
           '[{"name": "Make", "values": ["Unstitched", "Stitched"]}, {"name": "Size", "values": ["S", "M", "L", "XL"]}]'::jsonb,
           jsonb_build_object(
             'Fabric', jsonb_build_array((array['Lawn', 'Cotton', 'Khaddar', 'Linen', 'Chiffon', 'Silk', 'Karandi', 'Velvet'])[1 + g % 8]),
             'Season', jsonb_build_array((array['Summer', 'Winter', 'All season'])[1 + g % 3]),
             'Occasion', jsonb_build_array((array['Casual', 'Formal', 'Festive', 'Bridal'])[1 + (g / 7) % 4])),
           now() - interval '30 days' - (g || ' minutes')::interval
    from generate_series(1, ${count} - (select count(*) from products)) g
    join demo d on d.k = g % (select count(*) from demo)`);
  await database.db.execute(sql`
    insert into product_variants (product_id, position, options, size, color, price)
    select p.id, m.i * 4 + s.i, jsonb_build_object('Make', m.v, 'Size', s.v), s.v, '', p.price
    from products p
    cross join (values (0, 'Unstitched'), (1, 'Stitched')) m(i, v)
    cross join (values (0, 'S'), (1, 'M'), (2, 'L'), (3, 'XL')) s(i, v)
    where p.options @> '[{"name": "Make"}]'::jsonb
    on conflict do nothing`);
  await database.db.execute(sql`analyze`);
}

/** The median of `n` reads of `path` with the catalogue cache emptied before each. */
async function uncachedMs(app: Awaited<ReturnType<typeof listen>>["app"], url: string, path: string, n = 5) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    app.catalogueCache.invalidate();
    const started = performance.now();
    const res = await fetch(`${url}${path}`, { headers: HEADERS });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return Math.round(times.sort((a, b) => a - b)[Math.floor(n / 2)]);
}

/**
 * On PGlite, and on a fresh PostgreSQL database when BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * a server; BENCH_FACETS_DATABASES (e.g. "postgres") picks fewer.
 */
export async function benchFacets(count = 100_000, seconds = 5) {
  const chosen = new Set((process.env.BENCH_FACETS_DATABASES ?? "pglite,postgres").split(","));
  const result: Record<string, unknown> = {};
  if (chosen.has("pglite")) {
    const database = await openPglite();
    try {
      result.pglite = await measure(database, count, seconds);
    } finally {
      await database.close();
    }
  }
  if (chosen.has("postgres")) result.postgres = await onFreshPostgres((database) => measure(database, count, seconds));
  writeResult("facets", result);
  return result;
}

async function measure(database: Database, count: number, seconds: number) {
  await database.migrate();
  const seeding = Date.now();
  await seedFacetCatalogue(database, count);
  const seedSeconds = Math.round((Date.now() - seeding) / 1000);
  const [{ products, variants, facetCountRows }] = await rows<{
    products: number;
    variants: number;
    facetCountRows: number;
  }>(
    database,
    sql`select (select count(*)::int from products) as products, (select count(*)::int from product_variants) as variants,
               (select count(*)::int from product_facet_counts) as "facetCountRows"`,
  );
  // One reader at a time measures a read's own cost; the overload guard would shed the slow first reads.
  const { app, url } = await listen(database, undefined, { overload: { maxEventLoopDelayMs: 0 } });

  const pairs = {
    shop: { list: "/api/products?page=1", facets: "/api/products/facets" },
    filtered: {
      list: "/api/products?f=Fabric%3ALawn&f=Size%3AM&page=1",
      facets: "/api/products/facets?f=Fabric%3ALawn&f=Size%3AM",
    },
  };
  // The facet roll-up's rows (decision 051): what the facets read in place of the products.
  const result: Record<string, unknown> = { products, variants, facetCountRows, seedSeconds };
  for (const [name, pair] of Object.entries(pairs)) {
    const fresh = { list: await uncachedMs(app, url, pair.list), facets: await uncachedMs(app, url, pair.facets) };
    // Filled once by one reader: fifty first readers would each compute the answer.
    for (const path of [pair.list, pair.facets])
      await (await fetch(`${url}${path}`, { headers: HEADERS })).arrayBuffer();
    await load({ url: `${url}${pair.list}`, headers: HEADERS, duration: 1 });
    const list = await load({ url: `${url}${pair.list}`, headers: HEADERS, duration: seconds });
    await load({ url: `${url}${pair.facets}`, headers: HEADERS, duration: 1 });
    const facets = await load({ url: `${url}${pair.facets}`, headers: HEADERS, duration: seconds });
    console.log(name, JSON.stringify(fresh), list.requestsPerSecond, facets.requestsPerSecond);
    result[name] = {
      paths: pair,
      cached: {
        list,
        facets,
        // Time per request under the same load: the inverse of requests per second.
        facetsTimeOverListTime: ratio(list.requestsPerSecond, facets.requestsPerSecond),
        p50FacetsOverList: ratio(facets.p50Ms || 1, list.p50Ms || 1),
        target: "facetsTimeOverListTime <= 0.5 (cached and precompressed like the list)",
      },
      uncachedMedianMs: { ...fresh, facetsOverList: ratio(fresh.facets, fresh.list) },
    };
  }
  await app.close();
  return result;
}
