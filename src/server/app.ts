import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import type { Database, Db } from "./db/client.js";
import { redactForLog } from "./lib/redact-log.js";
import { SecretBox } from "./lib/secret-box.js";
import { sweepStaleSheetFiles } from "./lib/sheets/index.js";
import { systemClock, type Clock } from "./jobs/clock.js";
import { JobRunner } from "./jobs/job-runner.js";
import { registerAccessCheck, registerAuth } from "./plugins/auth.js";
import { registerCatalogueCache } from "./plugins/catalogue-cache.js";
import { registerClient } from "./plugins/client.js";
import { registerDevClient } from "./plugins/dev-client.js";
import { registerErrorHandling, registerNotFound } from "./plugins/errors.js";
import { registerOverload, type OverloadConfig } from "./plugins/overload.js";
import { registerSecurity } from "./plugins/security.js";
import { modules } from "./modules/index.js";
import { registerAuditTrail } from "./modules/audit/index.js";
import { MemoryThrottleStore, PostgresThrottleStore, type ThrottleStore } from "./lib/throttle-store.js";
import { registerOrderCore } from "./modules/order-core/index.js";
import { registerOrderListeners, registerPlacementSteps } from "./modules/order-satellites.js";
import { registerOrderEvents } from "./modules/order-events/index.js";
import { registerWhatsappInbound, registerWhatsappWebhooks, type WhatsappConfig } from "./modules/whatsapp/index.js";
import type { UpkeepConfig } from "./modules/upkeep/index.js";
import type { MetaAdsConfig } from "./modules/ads/index.js";
import type { SafepayConfig } from "./modules/advance/index.js";
import type { ProductImportConfig } from "./modules/product-import/index.js";

export interface AppConfig {
  sessionTtlHours: number;
  /** Folder of the built storefront; omitted in API-only tests. */
  clientDir?: string;
  /**
   * `npm run dev` (SERVE_CLIENT=dev): the storefront from source through Vite (this config file),
   * with hot reload and server rendering on every request (plugins/dev-client.ts); instead of clientDir.
   */
  devClient?: {
    viteConfigFile: string;
    /** Added to the config file's (a test's probe). */
    plugins?: import("vite").PluginOption[];
  };
  logLevel?: string;
  /** Where the log goes (standard output when omitted). */
  logStream?: NodeJS.WritableStream;
  /**
   * Behind a reverse proxy only: the number of proxy hops to trust, or the proxies' addresses
   * and CIDRs. Never every hop: a client could then choose its own IP with X-Forwarded-For.
   */
  trustProxy?: false | number | string[];
  /** Time-outs for slow clients (ms); production defaults when omitted. */
  timeouts?: { connectionTimeoutMs?: number; requestTimeoutMs?: number };
  /** Load shedding limits (503 + Retry-After); production defaults when omitted. */
  overload?: OverloadConfig;
  /** The WhatsApp Business Cloud API (modules/whatsapp); off when absent. */
  whatsapp?: WhatsappConfig;
  /**
   * CONFIRM_EXPIRY_HOURS: when an unconfirmed web order gives its stock back, also with WhatsApp
   * off (modules/stock/stock-expiry.ts; with WhatsApp on, `whatsapp.expiryHours` is the same value).
   */
  confirmExpiryHours?: number;
  /** The time background jobs and windows of days go by; tests pass a ManualClock. */
  clock?: Clock;
  /** `start: true` runs the background jobs (`npm start`); tests leave it off and call `app.jobs.runDue()`. */
  jobs?: { start: boolean; pollMs?: number };
  /** The public origin for canonical links, previews and the sitemap (PUBLIC_URL); else the request's. */
  publicUrl?: string;
  /** Storefront pages one network may have rendered afresh per minute (new-page-throttle.ts); tests lower it. */
  newPagesPerNetwork?: number;
  /** The key sealing courier credentials at rest (lib/secret-box.ts); null: they cannot be saved. */
  secretsKey?: Buffer | null;
  /** Meta's pixel and Conversions API (modules/ads); off when absent. */
  metaAds?: MetaAdsConfig;
  /** Safepay, for advances paid online (modules/advance); off when absent. */
  safepay?: SafepayConfig;
  /** Product imports' picture fetching (IMPORT_FETCH_ALLOW; tests shorten the time-out). */
  productImport?: ProductImportConfig;
  /** The embedded database's upkeep (decision 015; PGlite only): scheduled VACUUM (ANALYZE), daily backups. Off when absent. */
  upkeep?: UpkeepConfig;
}

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
    config: AppConfig;
    /** Where every throttle counts: shared by all app servers on PostgreSQL. */
    throttleStore: ThrottleStore;
    clock: Clock;
    jobs: JobRunner;
    /** Seals and opens the store's own secrets; null on PostgreSQL without SECRETS_KEY. */
    secrets: SecretBox | null;
  }
}

/** A hop count trusts that many proxies nearest the server (hop 0 is the socket's peer). */
function trustedProxies(
  trust: AppConfig["trustProxy"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === "number") return trust > 0 ? (_address, hop) => hop < trust : false;
  return trust ?? false;
}

/** Builds the whole app (API and, when clientDir is set, the storefront) without listening. */
export async function buildApp(database: Database, config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    // Every logged error goes through redactForLog: a failed query's values (customers' names,
    // phones, addresses) never reach the log, whoever logs it.
    logger:
      config.logLevel && config.logLevel !== "silent"
        ? {
            level: config.logLevel,
            serializers: { err: redactForLog },
            ...(config.logStream ? { stream: config.logStream } : {}),
          }
        : false,
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.trustProxy),
    return503OnClosing: true,
    // A client that sends headers and then stalls (or trickles its body) is cut off: idle for
    // connectionTimeout, or still sending after requestTimeout.
    connectionTimeout: config.timeouts?.connectionTimeoutMs ?? 30_000,
    requestTimeout: config.timeouts?.requestTimeoutMs ?? 60_000,
  });
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("config", config);
  const throttleStore: ThrottleStore =
    database.kind === "postgres" ? new PostgresThrottleStore(database.db) : new MemoryThrottleStore();
  app.decorate("throttleStore", throttleStore);
  const clock = config.clock ?? systemClock;
  app.decorate("clock", clock);
  app.decorate("secrets", config.secretsKey ? new SecretBox(config.secretsKey) : null);
  const jobs = new JobRunner(database.db, { clock, log: app.log, pollMs: config.jobs?.pollMs });
  app.decorate("jobs", jobs);
  // Handlers are registered by the modules below; the runner starts once they all are.
  if (config.jobs?.start) app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => jobs.stop());
  // Uploads a crashed process was reading when it stopped (M1, issue 38).
  app.addHook("onReady", async () => {
    await sweepStaleSheetFiles();
  });

  registerErrorHandling(app);
  await registerOverload(app, config.overload);
  registerSecurity(app);
  registerAuth(app);
  registerOrderCore(app);
  registerPlacementSteps(app);
  registerOrderEvents(app);
  registerWhatsappInbound(app);
  registerWhatsappWebhooks(app);
  await registerCatalogueCache(app);
  await app.register(cookie);
  registerAccessCheck(app);
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      // Five default images plus five per colour for up to six colours, and the form's fields.
      files: MAX_IMAGES_PER_GROUP * 7,
      fields: 20,
      fieldSize: 512 * 1024,
      parts: 60,
    },
  });
  registerAuditTrail(app);
  for (const routes of modules) await app.register(routes);
  registerOrderListeners(app);
  registerNotFound(app, await registerStorefront(app, config));
  return app;
}

/** The storefront's pages: built (npm start), from source (npm run dev), or none (an API-only server). */
async function registerStorefront(app: FastifyInstance, config: AppConfig) {
  if (config.devClient) {
    if (config.clientDir) throw new Error("Set clientDir or devClient, not both");
    return (await registerDevClient(app, config.devClient)).notFoundPage;
  }
  return config.clientDir ? await registerClient(app, config.clientDir) : undefined;
}
