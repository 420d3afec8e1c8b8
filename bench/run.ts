// npm run bench [catalogue|catalogue-sale|orders|analytics|storefront|initial-js|upkeep|couriers|whatsapp|ads|feed|remittances|import|import-latency|winback|facets ...]:
// runs the benchmarks,
// writes
// bench/results/*.json and prints each figure next to its reference. Reports; asserts nothing.
import { benchAds } from "./ads.js";
import { benchAnalytics } from "./analytics.js";
import { benchCatalogue } from "./catalogue.js";
import { benchCatalogueSale } from "./catalogue-sale.js";
import { benchCouriers } from "./couriers.js";
import { benchFacets } from "./facets.js";
import { benchFeed100k } from "./feed.js";
import { benchImport } from "./import.js";
import { benchImportLatency } from "./import-latency.js";
import { benchInitialJs } from "./initial-js.js";
import { benchOrders } from "./orders.js";
import { benchRemittances } from "./remittances.js";
import { benchStorefront } from "./storefront.js";
import { benchUpkeep } from "./upkeep.js";
import { benchWhatsapp } from "./whatsapp.js";
import { benchWinback } from "./winback.js";

const all = {
  catalogue: () => benchCatalogue(),
  "catalogue-sale": () => benchCatalogueSale(),
  orders: () => benchOrders(),
  analytics: () => benchAnalytics(),
  storefront: () => benchStorefront(),
  "initial-js": () => benchInitialJs(),
  upkeep: () => benchUpkeep(),
  couriers: () => benchCouriers(),
  whatsapp: () => benchWhatsapp(),
  ads: () => benchAds(),
  feed: () => benchFeed100k(),
  remittances: () => benchRemittances(),
  import: () => benchImport(),
  "import-latency": () => benchImportLatency(),
  winback: () => benchWinback(),
  facets: () => benchFacets(),
};
const chosen = process.argv.slice(2).filter((a) => a in all) as (keyof typeof all)[];

for (const name of chosen.length ? chosen : (Object.keys(all) as (keyof typeof all)[])) {
  console.log(`\n== ${name}`);
  const started = Date.now();
  const result = await all[name]();
  console.log(JSON.stringify(result, null, 2));
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
}
process.exit(0);
