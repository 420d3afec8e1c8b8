import type { FastifyInstance } from "fastify";
import { LOW_STOCK_THRESHOLD } from "@shared/rules/stock.js";

const CATALOGUE_CHANNEL = "store_catalogue_changed";

/**
 * The counts a cached answer shows are checked at every hit (decision 035), but what follows from
 * them elsewhere (a list filtered by what is in stock) is not: the catalogue cache is cleared
 * (here and, on PostgreSQL, on every app server) when a change reaches the "Only N left" range,
 * where a variant may sell out or come back. `lowest` is the smallest quantity a write left (null:
 * it touched no tracked stock).
 */
export async function announceStockChange(app: FastifyInstance, lowest: number | null | undefined): Promise<void> {
  if (lowest === null || lowest === undefined || lowest > LOW_STOCK_THRESHOLD) return;
  app.catalogueCache.invalidate();
  await app.database.notify?.(CATALOGUE_CHANNEL).catch((err) => app.log.warn({ err }, "stock change not broadcast"));
}
