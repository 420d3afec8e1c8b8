import type { FastifyInstance } from "fastify";
import { launchDueDrafts, watchLaunches } from "../catalogue/index.js";

/** The catalogue cache's change channel (plugins/catalogue-cache.ts). */
const CATALOGUE_CHANNEL = "store_catalogue_changed";
/** How often the launch job writes the launches due: shoppers see them at their time regardless. */
export const LAUNCH_EVERY_MS = 60_000;

/**
 * Timed launches (decision 039): every app server's catalogue cache clears itself at the next
 * launch time (modules/catalogue/launches.ts), and one recurring job, run once at a time across
 * the servers, writes the due drafts as active, so the admin shows them active too.
 */
export function registerLaunches(app: FastifyInstance): void {
  watchLaunches(app.db, app.clock, app.catalogueCache);
  app.jobs.every("products.launch", LAUNCH_EVERY_MS, async () => {
    const launched = await launchDueDrafts(app.db, app.clock.now());
    if (launched.length === 0) return;
    app.log.info({ products: launched.map((p) => p.id) }, "products launched");
    app.catalogueCache.invalidate();
    await app.database.notify?.(CATALOGUE_CHANNEL).catch((err) => app.log.warn({ err }, "launch not broadcast"));
  });
}
