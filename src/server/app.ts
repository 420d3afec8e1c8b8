import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_GROUP } from "@shared/constants.js";
import type { Database, Db } from "./db/client.js";
import { registerAuth } from "./plugins/auth.js";
import { registerCatalogueCache } from "./plugins/catalogue-cache.js";
import { registerClient } from "./plugins/client.js";
import { registerErrorHandling, registerNotFound } from "./plugins/errors.js";
import { registerOverload, type OverloadConfig } from "./plugins/overload.js";
import { registerSecurity } from "./plugins/security.js";
import { modules } from "./modules/index.js";

export interface AppConfig {
  sessionTtlHours: number;
  /** Folder of the built storefront; omitted in API-only tests. */
  clientDir?: string;
  logLevel?: string;
  /** Behind a reverse proxy only: otherwise anyone could choose their IP with X-Forwarded-For. */
  trustProxy?: boolean;
  /** Load shedding limits (503 + Retry-After); production defaults when omitted. */
  overload?: OverloadConfig;
}

declare module "fastify" {
  interface FastifyInstance {
    database: Database;
    db: Db;
    config: AppConfig;
  }
}

/** Builds the whole app (API and, when clientDir is set, the storefront) without listening. */
export async function buildApp(database: Database, config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel && config.logLevel !== "silent" ? { level: config.logLevel } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy ?? false,
    return503OnClosing: true,
  });
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("config", config);

  registerErrorHandling(app);
  await registerOverload(app, config.overload);
  registerSecurity(app);
  registerAuth(app);
  await registerCatalogueCache(app);
  await app.register(cookie);
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
  for (const routes of modules) await app.register(routes);
  registerNotFound(app, config.clientDir ? await registerClient(app, config.clientDir) : undefined);
  return app;
}
