import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const PREFIX = "sealed:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRETS_KEY_BYTES = 32;
/** The key file PGlite stores generate once in their data directory (not inside the database). */
export const SECRETS_KEY_FILE = "secrets.key";

/**
 * Secrets the store keeps for itself (courier credentials) are sealed with AES-256-GCM under a
 * server key before they reach the database: a copy of the database or of a backup reveals none.
 * `context` (what the secret is) is authenticated too, so one sealed value cannot stand in for
 * another.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== SECRETS_KEY_BYTES) throw new Error(`The secrets key must be ${SECRETS_KEY_BYTES} bytes`);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
  }

  /** The plain text, or null when it was sealed under another key (or altered). */
  open(sealed: string, context: string): string | null {
    if (!isSealed(sealed)) return null;
    const bytes = Buffer.from(sealed.slice(PREFIX.length), "base64url");
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}

export const isSealed = (value: string): boolean => value.startsWith(PREFIX);

/** SECRETS_KEY as written in the environment: 32 random bytes in base64 (`openssl rand -base64 32`). */
export function decodeSecretsKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, "base64");
  return key.length === SECRETS_KEY_BYTES ? key : null;
}

/**
 * The server key: SECRETS_KEY when set (required to seal anything on PostgreSQL, where every app
 * server must share it); otherwise, for the embedded database, a key generated once into the
 * data directory (readable by the store's user only). Null on PostgreSQL without SECRETS_KEY.
 */
export function loadSecretsKey(fromEnv: Buffer | undefined, dataDir: string | undefined): Buffer | null {
  if (fromEnv) return fromEnv;
  if (!dataDir) return null;
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  try {
    fs.writeFileSync(file, randomBytes(SECRETS_KEY_BYTES).toString("base64") + "\n", { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const key = decodeSecretsKey(fs.readFileSync(file, "utf8"));
  if (!key)
    throw new Error(
      `${file} does not hold a 32-byte base64 key: restore the store's own copy, or remove it and enter the courier credentials again`,
    );
  return key;
}
