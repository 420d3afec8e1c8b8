import { randomBytes } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { PluginOption } from "vite";
import { inject } from "vitest";
import { buildApp } from "@server/app.js";
import { openPglite, type Db } from "@server/db/client.js";
import { seedDemoData } from "@server/db/demo/seed.js";
import { upsertAdmin } from "@server/modules/auth/auth-service.js";
import type { Clock } from "@server/jobs/clock.js";
import type { WhatsappConfig } from "@server/modules/whatsapp/whatsapp-config.js";
import type { MetaAdsConfig } from "@server/modules/ads/ads-config.js";
import type { ProductImportConfig } from "@server/modules/product-import/index.js";

export const E2E_ADMIN = { username: "owner", password: "e2e-secret-pass" };

export interface RunningStore {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  /** Calls the API as the logged-in admin (e.g. to mark an order delivered). */
  adminFetch(path: string, init?: { method?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/** The real server on a fresh in-memory database, serving the built storefront on a loopback port. */
export async function startStore({
  demo = true,
  publicUrl,
  whatsapp,
  metaAds,
  productImport,
  clock,
  devPlugins,
}: {
  demo?: boolean;
  /** `npm run dev`'s store instead of the build: Vite inside the server, with these plugins added. */
  devPlugins?: PluginOption[];
  /** The store's clock (a ManualClock: a journey moves it to a launch instead of waiting). */
  clock?: Clock;
  productImport?: ProductImportConfig;
  publicUrl?: string;
  whatsapp?: WhatsappConfig;
  metaAds?: MetaAdsConfig;
} = {}): Promise<RunningStore> {
  const database = await openPglite();
  await database.migrate();
  await upsertAdmin(database.db, E2E_ADMIN.username, E2E_ADMIN.password);
  if (demo) await seedDemoData(database.db);
  const app = await buildApp(database, {
    sessionTtlHours: 1,
    ...(devPlugins
      ? { devClient: { viteConfigFile: path.resolve("vite.config.ts"), plugins: devPlugins } }
      : { clientDir: inject("clientDir") }),
    overload: { maxEventLoopDelayMs: 0 }, // a loaded test machine must not shed the journeys' requests
    publicUrl,
    whatsapp,
    metaAds,
    productImport,
    clock,
    // A store on PGlite makes its own key at first start (DATA_DIR/secrets.key); this one has no directory.
    secretsKey: randomBytes(32),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  let cookie = "";
  const adminFetch = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    if (!cookie) {
      const login = await fetch(`${baseUrl}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(E2E_ADMIN),
      });
      cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    }
    return fetch(`${baseUrl}${path}`, {
      method: init.method ?? "GET",
      headers: { cookie, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    });
  };

  return {
    baseUrl,
    app,
    db: database.db,
    adminFetch,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
