import { z } from "zod";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  DEMO_DATA: z.enum(["0", "1"]).default("1"),
  /** 0: API only, no built storefront needed (process tests, an API behind another web server). */
  SERVE_CLIENT: z.enum(["0", "1"]).default("1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** 1 behind a reverse proxy: client IPs (for throttles) and https come from X-Forwarded-*. */
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  /** Requests served at once before the rest get 503 + Retry-After; unset: 64 on PGlite, 256 on PostgreSQL. 0: no limit. */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Event-loop delay (ms) above which requests get 503; unset: 5000 on PGlite, 2000 on PostgreSQL. 0: off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
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
