import { eq } from "drizzle-orm";
import type { LeopardsSettings } from "@shared/schemas/couriers.js";
import type { CourierSettings, CourierSettingsSave } from "@shared/schemas/shipping.js";
import type { Db } from "../../../db/client.js";
import { settings } from "../../../db/schema.js";
import { AppError } from "../../../lib/app-error.js";
import { isSealed, type SecretBox } from "../../../lib/secret-box.js";
import type { LeopardsConfig } from "./leopards-client.js";

/** Kept in the settings table under a key the public settings list never reads. */
const KEY = "courier.leopards";
export const LEOPARDS_PRODUCTION_URL = "https://merchantapi.leopardscourier.com/api";
const SECRETS = ["apiKey", "apiPassword"] as const;
type Secret = (typeof SECRETS)[number];

/** As stored: the key and password sealed (lib/secret-box.ts); plain only in rows written before. */
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

const context = (secret: Secret) => `${KEY}.${secret}`;

async function readStored(db: Db): Promise<Stored> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return { ...DEFAULTS, ...((row?.value as Partial<Stored> | null) ?? {}) };
}

async function writeStored(db: Db, value: Stored): Promise<void> {
  await db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** A stored secret in plain text: "" when none is saved or it cannot be opened with this server's key. */
function openSecret(stored: Stored, secret: Secret, box: SecretBox | null): string {
  const value = stored[secret];
  if (!isSealed(value)) return value; // written before secrets were sealed; sealed at the next start
  return box?.open(value, context(secret)) ?? "";
}

export async function courierSettingsView(db: Db, box: SecretBox | null): Promise<CourierSettings> {
  const s = await readStored(db);
  return {
    courier: "Leopards",
    enabled: s.enabled,
    baseUrl: s.baseUrl,
    hasApiKey: openSecret(s, "apiKey", box) !== "",
    hasPassword: openSecret(s, "apiPassword", box) !== "",
    weightGrams: s.weightGrams,
    timeoutSeconds: s.timeoutSeconds,
  };
}

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
const LABEL: Record<Secret, string> = { apiKey: "API key", apiPassword: "API password" };

/**
 * Saves the connection. What is omitted keeps what is stored, so `{enabled: false}` alone switches
 * Leopards off. A key or password left empty keeps the stored one, except when the API address
 * changes: stored credentials never go to an address the owner has not typed them for.
 */
export async function saveCourierSettings(
  db: Db,
  box: SecretBox | null,
  changes: CourierSettingsSave,
): Promise<CourierSettings> {
  const current = await readStored(db);
  const input = {
    ...changes,
    baseUrl: changes.baseUrl ?? current.baseUrl,
    weightGrams: changes.weightGrams ?? current.weightGrams,
    timeoutSeconds: changes.timeoutSeconds ?? current.timeoutSeconds,
  };
  const moved = !sameAddress(input.baseUrl, current.baseUrl);
  const typed: Record<Secret, string> = { apiKey: input.apiKey?.trim() ?? "", apiPassword: input.apiPassword ?? "" };
  const next: Record<Secret, string> = { apiKey: "", apiPassword: "" };
  const details: Record<string, string> = {};
  let askedAgain = false;
  for (const secret of SECRETS) {
    const saved = openSecret(current, secret, box);
    next[secret] = typed[secret] || (moved ? "" : saved);
    if (!input.enabled || next[secret]) continue;
    askedAgain ||= saved !== "";
    details[secret] = saved ? `Enter the ${LABEL[secret]} again for the new address` : `Enter the ${LABEL[secret]}`;
  }
  const missing = SECRETS.filter((secret) => details[secret]).map((secret) => LABEL[secret]);
  if (missing.length > 0)
    throw new AppError(
      "VALIDATION",
      askedAgain
        ? "The API address changed: enter the API key and password from your Leopards account again"
        : `Enter the ${missing.join(" and ")} from your Leopards account`,
      details,
    );
  if ((next.apiKey || next.apiPassword) && !box)
    throw new AppError(
      "CONFLICT",
      "Courier credentials are kept encrypted: set SECRETS_KEY (openssl rand -base64 32) on every app server, restart, then save again",
    );
  const seal = (secret: Secret) => (next[secret] && box ? box.seal(next[secret], context(secret)) : "");
  await writeStored(db, {
    enabled: input.enabled,
    baseUrl: input.baseUrl,
    apiKey: seal("apiKey"),
    apiPassword: seal("apiPassword"),
    weightGrams: input.weightGrams,
    timeoutSeconds: input.timeoutSeconds,
  });
  return courierSettingsView(db, box);
}

/**
 * At start: credentials stored in plain text (before they were sealed) are sealed. Returns what
 * the owner should know, for the start-up log.
 */
export async function sealStoredCourierSecrets(db: Db, box: SecretBox | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.key, KEY)).for("update");
    if (!row) return null;
    const stored: Stored = { ...DEFAULTS, ...(row.value as Partial<Stored>) };
    const plain = SECRETS.filter((s) => stored[s] !== "" && !isSealed(stored[s]));
    if (plain.length > 0 && !box)
      return "The Leopards API key and password are stored unencrypted: set SECRETS_KEY (openssl rand -base64 32) on every app server and restart to encrypt them";
    if (plain.length > 0) {
      for (const s of plain) stored[s] = box!.seal(stored[s], context(s));
      await tx.update(settings).set({ value: stored }).where(eq(settings.key, KEY));
      return null;
    }
    const unreadable = SECRETS.some((s) => isSealed(stored[s]) && box?.open(stored[s], context(s)) == null);
    return unreadable
      ? "The saved Leopards API key and password cannot be read with this server's SECRETS_KEY (or DATA_DIR/secrets.key): enter them again in Settings → Courier"
      : null;
  });
}

/** GET /api/admin/couriers/leopards: the connection in the shape both couriers share. */
export async function leopardsSettingsView(db: Db, box: SecretBox | null): Promise<LeopardsSettings> {
  const { enabled, baseUrl, hasApiKey, hasPassword } = await courierSettingsView(db, box);
  return { courier: "leopards", enabled, baseUrl, hasApiKey, hasPassword };
}

/** PUT /api/admin/couriers/leopards: as the older courier-settings, keeping weight and time-out. */
export async function saveLeopardsSettings(
  db: Db,
  box: SecretBox | null,
  input: Omit<CourierSettingsSave, "weightGrams" | "timeoutSeconds">,
): Promise<LeopardsSettings> {
  await saveCourierSettings(db, box, input);
  return leopardsSettingsView(db, box);
}

/** The connection to book with; null while the owner has not connected Leopards. */
export async function leopardsAccount(db: Db, box: SecretBox | null): Promise<LeopardsConfig | null> {
  const s = await readStored(db);
  const apiKey = openSecret(s, "apiKey", box);
  const apiPassword = openSecret(s, "apiPassword", box);
  if (!s.enabled || !apiKey || !apiPassword) return null;
  return { baseUrl: s.baseUrl, apiKey, apiPassword, timeoutMs: s.timeoutSeconds * 1000, weightGrams: s.weightGrams };
}
