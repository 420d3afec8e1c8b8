import { isIP } from "node:net";
import { z } from "zod";
import { decodeSecretsKey } from "./lib/secret-box.js";
import { DEFAULT_PIXEL_SCRIPT_URL, DEFAULT_WHATSAPP_API_URL } from "./lib/meta-defaults.js";

function isAddressOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split("/");
  if (extra !== undefined || !isIP(address)) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128);
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  /** Where the embedded database's daily backups go (decision 015); unset: DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** How many backups of the embedded database are kept; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number().int().min(1, "must be at least 1").max(365).default(7),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  DEMO_DATA: z.enum(["0", "1"]).default("1"),
  /**
   * 1: the built storefront (dist/). 0: API only, no built storefront needed (process tests, an API
   * behind another web server). dev: the storefront from source through Vite, hot reload and server
   * rendering on every request (`npm run dev`; Vite is a development dependency).
   */
  SERVE_CLIENT: z.enum(["0", "1", "dev"]).default("1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Behind a reverse proxy: how many proxy hops to trust (`1`: the one proxy in front), or the
   * proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`). `0`: none, the socket's address is the client.
   */
  TRUST_PROXY: z
    .string()
    .default("0")
    .transform((raw, ctx): false | number | string[] => {
      const value = raw.trim();
      if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Math.min(Number(value), 10);
      const list = value
        .split(",")
        .map((a) => a.trim())
        .filter(Boolean);
      const bad = list.find((a) => !isAddressOrCidr(a));
      if (list.length === 0 || bad !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `must be a hop count (0, 1, 2…) or proxy addresses/CIDRs separated by commas${bad ? `; "${bad}" is neither` : ""}`,
        });
        return z.NEVER;
      }
      return list;
    }),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  /** Requests served at once before the rest get 503 + Retry-After; unset: 64 on PGlite, 256 on PostgreSQL. 0: no limit. */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Event-loop delay (ms) above which requests get 503; unset: 5000 on PGlite, 2000 on PostgreSQL. 0: off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** A request body (an upload) arriving slower than this (bytes a second, on average after 10 s) is cut off; unset: 2048. 0: off. */
  MIN_BODY_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(10_000_000).optional(),
  /** WhatsApp Business Cloud API (modules/whatsapp): on when token, phone number id and app secret are all set. */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, "must be the numeric phone number ID").optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_URL: z.string().url("must be a URL").default(DEFAULT_WHATSAPP_API_URL),
  WHATSAPP_CONFIRM_TEMPLATE: z.string().min(1).default("order_confirmation"),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).default("en"),
  /** Sent after a courier's failed delivery attempt, with three buttons (issue 26). */
  WHATSAPP_DELIVERY_ISSUE_TEMPLATE: z.string().min(1).default("delivery_attempt"),
  /** Sent when an order is shipped: courier, tracking number and link, the cash to keep ready. */
  WHATSAPP_SHIPPED_TEMPLATE: z.string().min(1).default("order_shipped"),
  /** Sent when an order's items change before it ships: the new items and what to pay (issue 43). */
  WHATSAPP_ORDER_UPDATED_TEMPLATE: z.string().min(1).default("order_updated"),
  /** The marketing templates (decision 041). */
  WHATSAPP_BACK_IN_STOCK_TEMPLATE: z.string().min(1).default("back_in_stock"),
  WHATSAPP_ABANDONED_CHECKOUT_TEMPLATE: z.string().min(1).default("abandoned_checkout"),
  /** Meta's pixel (browser) and Conversions API (issue 28): the pixel is on with its id, the Conversions API with the token too. */
  META_PIXEL_ID: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{5,20}$/, "must be the pixel's (dataset's) numeric ID from Meta Events Manager")
      .optional(),
  ),
  META_CAPI_TOKEN: z.string().optional(),
  META_API_URL: z.string().url("must be a URL").default(DEFAULT_WHATSAPP_API_URL),
  META_PIXEL_SCRIPT_URL: z.string().url("must be a URL").default(DEFAULT_PIXEL_SCRIPT_URL),
  /** 1: also send the custom Delivered and Returned events, for audiences. */
  META_DELIVERY_EVENTS: z.enum(["0", "1"]).default("0"),
  META_TEST_EVENT_CODE: z.string().optional(),
  /** Safepay, for advances paid online (decision 027): on with both the API key and the webhook secret. */
  SAFEPAY_API_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  SAFEPAY_WEBHOOK_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  SAFEPAY_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
  SAFEPAY_API_URL: z.string().url("must be a URL").optional(),
  SAFEPAY_CHECKOUT_URL: z.string().url("must be a URL").optional(),
  CONFIRM_REMINDER_HOURS: z.coerce.number().positive().max(720).default(12),
  CONFIRM_EXPIRY_HOURS: z.coerce.number().positive().max(2160).default(48),
  AUTO_CANCEL_UNCONFIRMED: z.enum(["0", "1"]).default("0"),
  /** Seals courier credentials at rest (lib/secret-box.ts): 32 random bytes, base64. Unset on PGlite: generated into DATA_DIR/secrets.key. */
  SECRETS_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .transform((value, ctx) => {
        const key = decodeSecretsKey(value);
        if (key) return key;
        ctx.addIssue({
          code: "custom",
          message: "must be 32 random bytes in base64: generate one with `openssl rand -base64 32`",
        });
        return z.NEVER;
      })
      .optional(),
  ),
  /**
   * Hosts a product import may fetch pictures from although they are not public addresses (a
   * shop's own image server), comma-separated; `host` allows every port, `host:port` one.
   */
  IMPORT_FETCH_ALLOW: z.string().optional(),
  /** The store's public origin (https://shop.example.pk) for canonical links, link previews and the sitemap. */
  PUBLIC_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://shop.example.pk" })
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
  ),
});
export type Env = z.infer<typeof schema>;

/** Parsed once at start-up; a bad value stops the server with a message naming it. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
