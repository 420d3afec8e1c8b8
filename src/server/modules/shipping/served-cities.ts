import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import type { Clock } from "../../jobs/clock.js";
import type { SecretBox } from "../../lib/secret-box.js";
import { enabledCouriers } from "./couriers/courier-accounts.js";
import { foldWords } from "./couriers/courier.js";

/** How long the couriers' city lists are kept before they are asked again. */
const KEEP_MS = 12 * 60 * 60 * 1000;
/** After a failed read, how long the last list (or none) stands before the couriers are asked again. */
const RETRY_MS = 5 * 60 * 1000;

/**
 * The cities the switched-on couriers deliver to, for the checkout's City suggestions: one list,
 * each city once (the couriers' spellings folded together), asked of the couriers at most every
 * 12 hours whatever the shoppers do. A courier that cannot be asked leaves the last list standing;
 * the suggestions are a help, never a rule (any city may still be typed).
 */
export class ServedCities {
  private kept: { cities: string[]; until: number } | null = null;
  private reading: Promise<string[]> | null = null;

  constructor(
    private readonly db: Db,
    private readonly secrets: SecretBox | null,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(): Promise<string[]> {
    if (this.kept && this.clock.now().getTime() < this.kept.until) return this.kept.cities;
    this.reading ??= this.read().finally(() => (this.reading = null));
    return this.reading;
  }

  /** Forgets the lists (a courier connected, switched on or off). */
  forget(): void {
    this.kept = null;
  }

  private async read(): Promise<string[]> {
    const now = this.clock.now().getTime();
    try {
      const couriers = [...(await enabledCouriers(this.db, this.secrets)).values()];
      const lists = await Promise.all(couriers.map((c) => c.cities()));
      const byKey = new Map<string, string>();
      for (const city of lists.flat()) {
        const key = foldWords(city.name);
        if (key && !byKey.has(key)) byKey.set(key, city.name.trim());
      }
      const cities = [...byKey.values()].sort((a, b) => a.localeCompare(b));
      this.kept = { cities, until: now + KEEP_MS };
      return cities;
    } catch (err) {
      this.log.warn({ err }, "the couriers' city lists could not be read; the checkout suggests none new");
      const cities = this.kept?.cities ?? [];
      this.kept = { cities, until: now + RETRY_MS };
      return cities;
    }
  }
}
