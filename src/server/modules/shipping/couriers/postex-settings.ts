import { eq } from "drizzle-orm";
import { POSTEX_EXAMPLE_URL, type PostexSettings, type PostexSettingsSave } from "@shared/schemas/couriers.js";
import type { Db } from "../../../db/client.js";
import { settings } from "../../../db/schema.js";
import { AppError } from "../../../lib/app-error.js";
import type { SecretBox } from "../../../lib/secret-box.js";
import type { PostexConfig } from "./postex-client.js";

/** Kept in the settings table under a key the public settings list never reads. */
const KEY = "courier.postex";
const TOKEN_CONTEXT = `${KEY}.token`;

/** As stored: the token sealed (lib/secret-box.ts), never in plain text. */
interface Stored {
  enabled: boolean;
  baseUrl: string;
  token: string;
  pickupAddressCode: string;
  timeoutSeconds: number;
}

const DEFAULTS: Stored = {
  enabled: false,
  baseUrl: POSTEX_EXAMPLE_URL,
  token: "",
  pickupAddressCode: "",
  timeoutSeconds: 15,
};

async function readStored(db: Db): Promise<Stored> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return { ...DEFAULTS, ...((row?.value as Partial<Stored> | null) ?? {}) };
}

const openToken = (s: Stored, box: SecretBox | null) => (s.token && box?.open(s.token, TOKEN_CONTEXT)) || "";

export async function postexSettingsView(db: Db, box: SecretBox | null): Promise<PostexSettings> {
  const s = await readStored(db);
  return {
    courier: "postex",
    enabled: s.enabled,
    baseUrl: s.baseUrl,
    hasToken: openToken(s, box) !== "",
    pickupAddressCode: s.pickupAddressCode,
  };
}

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/**
 * Saves the PostEx connection. What is omitted keeps what is stored, so `{enabled: false}` alone
 * switches PostEx off. A token left empty keeps the stored one, except when the API address
 * changes: a stored token never goes to an address the owner has not typed it for.
 */
export async function savePostexSettings(
  db: Db,
  box: SecretBox | null,
  changes: PostexSettingsSave,
): Promise<PostexSettings> {
  const current = await readStored(db);
  const input = {
    ...changes,
    baseUrl: changes.baseUrl ?? current.baseUrl,
    pickupAddressCode: changes.pickupAddressCode ?? current.pickupAddressCode,
  };
  const moved = !sameAddress(input.baseUrl, current.baseUrl);
  const saved = openToken(current, box);
  const token = input.token?.trim() || (moved ? "" : saved);
  if (input.enabled && !token)
    throw new AppError(
      "VALIDATION",
      saved
        ? "The API address changed: enter the PostEx token again"
        : "Enter the API token from the PostEx merchant portal (Settings → API integration)",
      { token: "Enter the token" },
    );
  if (input.enabled && !input.pickupAddressCode)
    throw new AppError("VALIDATION", "Enter the pickup address code from the PostEx portal, e.g. 001", {
      pickupAddressCode: "Enter the pickup address code",
    });
  if (token && !box)
    throw new AppError(
      "CONFLICT",
      "Courier credentials are kept encrypted: set SECRETS_KEY (openssl rand -base64 32) on every app server, restart, then save again",
    );
  const value: Stored = {
    enabled: input.enabled,
    baseUrl: input.baseUrl,
    token: token && box ? box.seal(token, TOKEN_CONTEXT) : "",
    pickupAddressCode: input.pickupAddressCode,
    timeoutSeconds: input.timeoutSeconds ?? current.timeoutSeconds,
  };
  await db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  return postexSettingsView(db, box);
}

/** The connection to book with; null while the owner has not connected PostEx. */
export async function postexAccount(db: Db, box: SecretBox | null): Promise<PostexConfig | null> {
  const s = await readStored(db);
  const token = openToken(s, box);
  if (!s.enabled || !token) return null;
  return { baseUrl: s.baseUrl, token, pickupAddressCode: s.pickupAddressCode, timeoutMs: s.timeoutSeconds * 1000 };
}
