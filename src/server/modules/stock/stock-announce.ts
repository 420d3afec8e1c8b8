import type { FastifyInstance } from "fastify";
import { LOW_STOCK_THRESHOLD } from "@shared/rules/stock.js";

const CATALOGUE_CHANNEL = "store_catalogue_changed";

/**
 * Product pages show stock only as "in stock", "Only N left" (at 5 or fewer) or sold out, so the
 * catalogue cache is cleared (here and, on PostgreSQL, on every app server) only when a change
 * reaches that range; above it a cached count may lag by the cache's lifetime (decision 007).
 * `lowest` is the smallest quantity a write left (null: it touched no tracked stock).
 */
export async function announceStockChange(app: FastifyInstance, lowest: number | null | undefined): Promise<void> {
  if (lowest === null || lowest === undefined || lowest > LOW_STOCK_THRESHOLD) return;
  app.catalogueCache.invalidate();
  await app.database.notify?.(CATALOGUE_CHANNEL).catch((err) => app.log.warn({ err }, "stock change not broadcast"));
}
