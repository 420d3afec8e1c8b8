import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { queryRows } from "../../db/rows.js";
import type { ImportedCatalogue } from "./catalogue-model.js";

/**
 * Attributes named by a file (`Name: Value` tags, the store's Attributes cell) are the owner's
 * attributes (decision 040): a name or value the store has is written in its own spelling, one it
 * has not is added to the list, as a missing category is created.
 */
type Known = Map<string, { name: string; values: string[] }>;

async function knownAttributes(db: Db): Promise<Known> {
  const rows = await queryRows<{ name: string; values: string[] }>(db, sql`select name, values from attributes`);
  return new Map(rows.map((r) => [r.name.toLowerCase(), { name: r.name, values: r.values }]));
}

/** Rewrites the file's attributes in the store's spellings (so a second import reads unchanged). */
export async function spellAttributes(db: Db, catalogue: ImportedCatalogue): Promise<void> {
  const known = await knownAttributes(db);
  for (const product of catalogue.products) {
    const spelled: Record<string, string[]> = {};
    for (const [name, values] of Object.entries(product.attributes)) {
      const attribute = known.get(name.toLowerCase());
      const key = attribute?.name ?? name;
      const list = (spelled[key] ??= []);
      for (const value of values) {
        const v = attribute?.values.find((x) => x.toLowerCase() === value.toLowerCase()) ?? value;
        if (!list.includes(v)) list.push(v);
      }
    }
    product.attributes = spelled;
  }
}

/** Adds the attributes and values the file uses that the store does not have yet. */
export async function addMissingAttributes(db: Db, catalogue: ImportedCatalogue): Promise<void> {
  const known = await knownAttributes(db);
  const missing = new Map<string, { name: string; values: string[]; exists: boolean }>();
  for (const product of catalogue.products)
    for (const [name, values] of Object.entries(product.attributes)) {
      const attribute = known.get(name.toLowerCase());
      const entry = missing.get(name.toLowerCase()) ?? { name, values: [], exists: !!attribute };
      for (const v of values)
        if (!attribute?.values.some((x) => x.toLowerCase() === v.toLowerCase()) && !entry.values.includes(v))
          entry.values.push(v);
      if (entry.values.length) missing.set(name.toLowerCase(), entry);
    }
  for (const entry of missing.values()) {
    const values = JSON.stringify(entry.values);
    if (entry.exists)
      await db.execute(sql`update attributes set values = values || array(select jsonb_array_elements_text(${values}::jsonb))
          where lower(name) = ${entry.name.toLowerCase()}`);
    else
      await db.execute(sql`insert into attributes (name, values, position)
          select ${entry.name}, array(select jsonb_array_elements_text(${values}::jsonb)),
            coalesce((select max(position) + 1 from attributes), 0)`);
  }
}
