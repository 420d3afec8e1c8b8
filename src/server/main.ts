import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { openPglite, openPostgres, type Database } from "./db/client.js";
import { backUp, backupFolder } from "./db/backup.js";
import { seedDemoData } from "./db/demo/seed.js";
import { lockDataDir } from "./db/lock.js";
import { loadSecretsKey } from "./lib/secret-box.js";
import { readEnv } from "./env.js";
import { startupWarnings } from "./startup-warnings.js";
import { createGeneratedAdmin, hasAnyAdmin, retireGeneratedAdmins, upsertAdmin } from "./modules/auth/index.js";
import { whatsappConfigFromEnv } from "./modules/whatsapp/index.js";
import { metaAdsConfigFromEnv } from "./modules/ads/index.js";
import { safepayConfigFromEnv } from "./modules/advance/index.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function main(): Promise<void> {
  const env = readEnv();
  let releaseLock = () => {};
  let database: Database;
  const backups = backupFolder(path.resolve(env.DATA_DIR), env.BACKUP_DIR);
  if (env.DATABASE_URL) {
    database = openPostgres(env.DATABASE_URL);
  } else {
    const dataDir = path.resolve(env.DATA_DIR);
    releaseLock = lockDataDir(dataDir);
    // However start-up ends (a failed migration, a port in use), the lock goes with the process.
    process.on("exit", () => releaseLock());
    database = await openPglite(path.join(dataDir, "pglite"));
  }
  await database.migrate();

  if (env.ADMIN_USERNAME || env.ADMIN_PASSWORD) {
    if (!env.ADMIN_USERNAME || !env.ADMIN_PASSWORD)
      throw new Error("Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither");
    await upsertAdmin(database.db, env.ADMIN_USERNAME, env.ADMIN_PASSWORD);
    await retireGeneratedAdmins(database.db, env.ADMIN_USERNAME);
  } else if (!(await hasAnyAdmin(database.db))) {
    const password = randomBytes(12).toString("base64url");
    await createGeneratedAdmin(database.db, "admin", password);
    console.log(
      `\n  Admin account created: username "admin", password "${password}"\n  (shown once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)\n`,
    );
  }
  if (env.DEMO_DATA === "1") await seedDemoData(database.db);

  const app = await buildApp(database, {
    sessionTtlHours: env.SESSION_TTL_HOURS,
    clientDir: env.SERVE_CLIENT === "1" ? path.join(root, "dist/client") : undefined,
    devClient: env.SERVE_CLIENT === "dev" ? { viteConfigFile: path.join(root, "vite.config.ts") } : undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    overload: {
      maxRequestsInFlight: env.MAX_REQUESTS_IN_FLIGHT,
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
      minBodyBytesPerSecond: env.MIN_BODY_BYTES_PER_SECOND,
    },
    whatsapp: whatsappConfigFromEnv(env),
    metaAds: metaAdsConfigFromEnv(env),
    safepay: safepayConfigFromEnv(env),
    confirmExpiryHours: env.CONFIRM_EXPIRY_HOURS,
    jobs: { start: true },
    // The embedded database's VACUUM (ANALYZE) and daily backups (decision 015; PGlite only).
    upkeep: { vacuum: true, backups: { folder: backups, keep: env.BACKUP_KEEP } },
    publicUrl: env.PUBLIC_URL,
    productImport: { fetchAllow: env.IMPORT_FETCH_ALLOW },
    secretsKey: loadSecretsKey(env.SECRETS_KEY, env.DATABASE_URL ? undefined : path.resolve(env.DATA_DIR)),
  });
  for (const warning of startupWarnings(env)) app.log.warn(warning);
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`Store running on http://localhost:${env.PORT} (${database.kind})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close(); // stops accepting, drains requests
    await database.close();
    releaseLock();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  // `npm run backup` asks a running server for a consistent copy of the embedded database.
  if (database.pglite) {
    const pglite = database.pglite;
    process.on("SIGUSR2", () => {
      backUp(pglite, backups, env.BACKUP_KEEP).then(
        (file) => app.log.info(`backup written: ${file}`),
        (err) => app.log.error({ err }, "backup failed"),
      );
    });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
