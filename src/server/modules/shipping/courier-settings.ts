import { eq } from "drizzle-orm";
import type { CourierSettings } from "@shared/schemas/shipping.js";
import type { Db } from "../../db/client.js";
import { settings } from "../../db/schema.js";
import { AppError } from "../../lib/app-error.js";
import type { LeopardsConfig } from "./leopards-client.js";

/** Kept in the settings table under a key the public settings list never reads. */
const KEY = "courier.leopards";
export const LEOPARDS_PRODUCTION_URL = "https://merchantapi.leopardscourier.com/api";

interface Stored {
  enabled: boolean;
  baseUrl: string;
  apiKey: string;
  apiPassword: string;
  weightGrams: number;
  timeoutSeconds: number;
}

const DEFAULTS: Stored = {
  enabled: false,
  baseUrl: LEOPARDS_PRODUCTION_URL,
  apiKey: "",
  apiPassword: "",
  weightGrams: 500,
  timeoutSeconds: 15,
};

async function readStored(db: Db): Promise<Stored> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return { ...DEFAULTS, ...((row?.value as Partial<Stored> | null) ?? {}) };
}

export async function courierSettingsView(db: Db): Promise<CourierSettings> {
  const s = await readStored(db);
  return {
    courier: "Leopards",
    enabled: s.enabled,
    baseUrl: s.baseUrl,
    apiKey: s.apiKey,
    hasPassword: s.apiPassword !== "",
    weightGrams: s.weightGrams,
    timeoutSeconds: s.timeoutSeconds,
  };
}

export async function saveCourierSettings(
  db: Db,
  input: Omit<Stored, "apiPassword"> & { apiPassword?: string },
): Promise<CourierSettings> {
  const current = await readStored(db);
  const apiPassword = input.apiPassword ? input.apiPassword : current.apiPassword;
  if (input.enabled && !apiPassword)
    throw new AppError("VALIDATION", "Enter the API password from your Leopards account", {
      apiPassword: "Enter the API password",
    });
  const value: Stored = { ...input, apiPassword };
  await db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return courierSettingsView(db);
}

export interface LeopardsAccount extends LeopardsConfig {
  weightGrams: number;
}

/** The connection to book with; null while the owner has not connected Leopards. */
export async function leopardsAccount(db: Db): Promise<LeopardsAccount | null> {
  const s = await readStored(db);
  if (!s.enabled || !s.apiKey || !s.apiPassword) return null;
  return {
    baseUrl: s.baseUrl,
    apiKey: s.apiKey,
    apiPassword: s.apiPassword,
    timeoutMs: s.timeoutSeconds * 1000,
    weightGrams: s.weightGrams,
  };
}
