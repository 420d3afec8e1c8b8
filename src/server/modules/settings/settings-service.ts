import { eq } from "drizzle-orm";
import { ALL_SETTING_KEYS, settingDefault, type AnySettingKey, type Setting } from "@shared/schemas/settings.js";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema.js";

/** Settings whose value is an image object rather than text. */
export const IMAGE_SETTINGS: readonly AnySettingKey[] = ["hero_image"];

/** Every known key, with its stored value or its default. */
export async function listSettings(db: Db): Promise<Setting[]> {
  const rows = await db.select().from(settings);
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return ALL_SETTING_KEYS.map((key) => ({ key, value: stored.has(key) ? stored.get(key) : settingDefault(key) }));
}

/** Stores a value; null forgets it, so the default applies again. */
export async function saveSetting(db: Db, key: AnySettingKey, value: unknown): Promise<Setting> {
  if (value === null) {
    await db.delete(settings).where(eq(settings.key, key));
    return { key, value: settingDefault(key) };
  }
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return { key, value };
}
