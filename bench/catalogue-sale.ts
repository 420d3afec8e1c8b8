// Issue 24: the catalogue with an automatic sale live next to without, on one store (PGlite, 200
// products): the shop's list, its price sort and a product page, 50 connections. The sale is
// switched on and off between windows (off on on off off on on off), so a busy machine slows both
// alike; each switch clears the cache as the owner's edit would, and a warm-up refills it.
import { openPglite } from "../src/server/db/client.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { adminCookie, listen, load, ratio, writeResult, type LoadResult } from "./support.js";

const HEADERS = { "accept-encoding": "br, gzip" };
const PATHS = ["/api/products", "/api/products?sort=price-asc&page=1", "/api/products/1"];

export async function benchCatalogueSale(seconds = Number(process.env.BENCH_SALE_SECONDS ?? 8)) {
  const database = await openPglite();
  await database.migrate();
  await seedCatalogue(database, 200);
  const { app, url } = await listen(database);
  const cookie = await adminCookie(url);
  const headers = { "content-type": "application/json", cookie, origin: url };
  const created = await fetch(`${url}/api/admin/discounts`, {
    method: "POST",
    headers,
    body: JSON.stringify({ code: null, kind: "percent", value: 20, categories: ["party", "formal"], active: false }),
  });
  if (created.status !== 201) throw new Error(`the sale was not created: ${created.status} ${await created.text()}`);
  const sale = (await created.json()) as { id: number };
  const setSale = async (active: boolean) => {
    const res = await fetch(`${url}/api/admin/discounts/${sale.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ active }),
    });
    if (res.status !== 200) throw new Error(`the sale was not switched: ${res.status}`);
  };
  const sample = async () => (await (await fetch(`${url}/api/products/1`)).json()) as { price: string };

  const results: Record<string, { off: LoadResult[]; on: LoadResult[] }> = {};
  let prices = { off: "", on: "" };
  for (let w = 0; w < 4; w++) {
    for (const which of w % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      await setSale(which === "on");
      prices = { ...prices, [which]: (await sample()).price };
      for (const path of PATHS) {
        await load({ url: url + path, headers: HEADERS, duration: 1 }); // warm-up: fills the cache
        const measured = await load({ url: url + path, headers: HEADERS, duration: seconds / 4 });
        results[path] ??= { off: [], on: [] };
        results[path][which].push(measured);
      }
    }
  }
  await app.close();
  await database.close();
  const rps = (loads: LoadResult[]) => Math.round(loads.reduce((n, l) => n + l.requestsPerSecond, 0) / loads.length);
  const result = {
    endpoint: "50 connections, loopback, PGlite, 200 products; a 20% sale on two collections",
    seconds,
    productOnePrice: prices,
    paths: PATHS.map((path) => ({
      path,
      withoutSaleRps: rps(results[path].off),
      withSaleRps: rps(results[path].on),
      ratio: ratio(rps(results[path].on), rps(results[path].off)),
      non2xx: [...results[path].off, ...results[path].on].reduce((n, l) => n + l.non2xx, 0),
    })),
    target: "withSaleRps / withoutSaleRps >= 0.9 for each path",
  };
  writeResult("catalogue-sale", result);
  return result;
}
