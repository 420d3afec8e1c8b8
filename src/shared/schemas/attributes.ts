import { z } from "zod";
import { trimmed } from "./common.js";

/** An attribute the owner files products under: `{id, name, values}` (Fabric: Lawn, Cotton, ...). */
export const attribute = z.object({
  id: z.number().int(),
  name: z.string(),
  values: z.array(z.string()),
});
export type Attribute = z.infer<typeof attribute>;

/** A name or value may not hold ':' (it separates them in `f=Fabric:Lawn`) nor be blank. */
const part = (what: string, max: number) =>
  trimmed(max)
    .min(1, `${what} is required`)
    .refine((v) => !v.includes(":"), `${what} may not contain ":"`);

const valueList = z
  .array(part("A value", 50))
  .max(100, "At most 100 values")
  .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, {
    message: "Each value may appear only once",
  });

export const attributeInput = z.object({
  name: part("Attribute name", 50),
  values: valueList.default([]),
});
export type AttributeInput = z.infer<typeof attributeInput>;

/**
 * PATCH /api/admin/attributes/{id}: a new name and/or the whole list of values. A value left out
 * is removed from every product; `renames` ({old: new}) keeps products filed under a renamed value.
 */
export const attributePatch = z
  .object({
    name: part("Attribute name", 50).optional(),
    values: valueList.optional(),
    renames: z.record(z.string().max(50), part("A value", 50)).optional(),
  })
  .refine((p) => p.name !== undefined || p.values !== undefined, {
    message: "Send a new name or values",
    path: ["name"],
  });
export type AttributePatch = z.infer<typeof attributePatch>;

/** A product's attributes: `{<attribute name>: [values]}`, checked against the kept attributes. */
export const productAttributes = z.record(z.string().trim().max(50), z.array(z.string().trim().max(50)).max(100));
export type ProductAttributes = z.infer<typeof productAttributes>;

/** A category's size chart: a header row, rows of the same width and a note. */
export const sizeChart = z
  .object({
    columns: z.array(trimmed(40).min(1, "A column needs a heading")).min(1, "Add at least one column").max(12),
    rows: z
      .array(z.array(trimmed(40)))
      .min(1, "Add at least one row")
      .max(40),
    note: trimmed(500).default(""),
  })
  .superRefine((chart, ctx) => {
    chart.rows.forEach((row, i) => {
      if (row.length !== chart.columns.length)
        ctx.addIssue({
          code: "custom",
          path: ["rows", i],
          message: `Row ${i + 1} has ${row.length} cells; the chart has ${chart.columns.length} columns`,
        });
    });
  });
export type SizeChart = z.infer<typeof sizeChart>;

/** GET /api/products/facets: what each option and attribute value would match, and the price span. */
export const facets = z.object({
  facets: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.string(), count: z.number().int() })),
    }),
  ),
  /** Whole rupees of the shown prices over the filtered catalogue (its price choice ignored); null when none match. */
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
});
export type Facets = z.infer<typeof facets>;
