import { asc, eq, sql } from "drizzle-orm";
import type { Attribute, AttributeInput, AttributePatch, ProductAttributes } from "@shared/schemas/attributes.js";
import type { Db } from "../../db/client.js";
import { isUniqueViolation } from "../../db/errors.js";
import { attributes, products } from "../../db/schema.js";
import { badRequest, notFound } from "../../lib/app-error.js";

type AttributeRow = typeof attributes.$inferSelect;

const toAttribute = (row: AttributeRow): Attribute => ({ id: row.id, name: row.name, values: row.values });

const duplicateName = (name: string) => {
  const message = `An attribute named "${name}" already exists; pick another name`;
  return badRequest(message, { name: message });
};

export async function listAttributes(db: Db): Promise<Attribute[]> {
  const rows = await db.select().from(attributes).orderBy(asc(attributes.position), asc(attributes.id));
  return rows.map(toAttribute);
}

export async function createAttribute(db: Db, input: AttributeInput): Promise<Attribute> {
  try {
    const [row] = await db
      .insert(attributes)
      .values({
        name: input.name,
        values: input.values,
        position: sql`(select coalesce(max(${attributes.position}) + 1, 0) from ${attributes})`,
      })
      .returning();
    return toAttribute(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

/**
 * A new name or list of values, carried to every product filed under the attribute in the same
 * transaction: a rename moves the key, a value renamed through `renames` moves with it, and a
 * value no longer listed leaves the products that had it.
 */
export async function updateAttribute(db: Db, id: number, patch: AttributePatch): Promise<Attribute> {
  try {
    return await db.transaction(async (tx) => {
      const [old] = await tx.select().from(attributes).where(eq(attributes.id, id)).for("update");
      if (!old) throw notFound("Attribute");
      const name = patch.name ?? old.name;
      const values = patch.values ?? old.values;
      const renames = patch.renames ?? {};
      for (const [from, to] of Object.entries(renames)) {
        if (!old.values.includes(from)) {
          const message = `"${from}" is not a value of ${old.name}; rename one of: ${old.values.join(", ")}`;
          throw badRequest(message, { renames: message });
        }
        if (!values.includes(to)) {
          const message = `"${to}" must be in the new values to rename "${from}" to it`;
          throw badRequest(message, { renames: message });
        }
      }
      const [row] = await tx.update(attributes).set({ name, values }).where(eq(attributes.id, id)).returning();
      // Each product's values of this attribute: renamed, then kept only if still listed.
      const mapping = Object.fromEntries(old.values.map((v) => [v, renames[v] ?? v]));
      await tx.execute(sql`
        update ${products} p set attributes = (p.attributes - ${old.name}::text) || (
            select case when count(*) = 0 then '{}'::jsonb else jsonb_build_object(${name}::text, jsonb_agg(distinct v.val)) end
            from (
              select coalesce(${JSON.stringify(mapping)}::jsonb ->> e.value, e.value) as val
              from jsonb_array_elements_text(p.attributes -> ${old.name}::text) as e(value)
            ) v
            where v.val in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))
          ), updated_at = now()
        where p.attributes ? ${old.name}::text`);
      return toAttribute(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(patch.name ?? "");
    throw err;
  }
}

/** The attribute leaves every product with it. */
export async function deleteAttribute(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(attributes).where(eq(attributes.id, id)).returning();
    if (!row) throw notFound("Attribute");
    await tx.execute(
      sql`update ${products} set attributes = attributes - ${row.name}::text, updated_at = now() where attributes ? ${row.name}::text`,
    );
  });
}

/**
 * A product's attributes as stored: each name and value in the attribute's own spelling (matched
 * regardless of case), without repeats or empty lists. An unknown name or value is refused,
 * naming what may be chosen.
 */
export async function checkProductAttributes(db: Db, given: ProductAttributes): Promise<Record<string, string[]>> {
  const kept = await listAttributes(db);
  const checked: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(given)) {
    const attribute = kept.find((a) => a.name.toLowerCase() === name.trim().toLowerCase());
    if (!attribute) {
      const message = `"${name}" is not an attribute; use one of: ${kept.map((a) => a.name).join(", ")} (or add it under Attributes)`;
      throw badRequest(message, { attributes: message });
    }
    const spelled: string[] = [];
    for (const value of values) {
      const known = attribute.values.find((v) => v.toLowerCase() === value.trim().toLowerCase());
      if (!known) {
        const message = `"${value}" is not a value of ${attribute.name}; use one of: ${attribute.values.join(", ")}`;
        throw badRequest(message, { attributes: message });
      }
      if (!spelled.includes(known)) spelled.push(known);
    }
    if (spelled.length) checked[attribute.name] = [...(checked[attribute.name] ?? []), ...spelled];
  }
  return checked;
}
