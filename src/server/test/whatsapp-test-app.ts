import { afterAll, beforeAll } from "vitest";
import type { AppConfig } from "../app.js";
import { ManualClock } from "../jobs/clock.js";
import type { WhatsappConfig } from "../modules/whatsapp/whatsapp-config.js";
import { FakeCloudApi, type ReceivedMessage } from "./fakes/whatsapp-cloud-api.js";
import { testWhatsappConfig } from "./fakes/whatsapp-config.js";
import { createTestApp, type TestContext } from "./test-app.js";

/** A test app whose WhatsApp integration talks to a local fake Cloud API, on a clock the test moves. */
export interface WhatsappTestApp {
  readonly fake: FakeCloudApi;
  readonly clock: ManualClock;
  /** The integration's settings the app runs with (the fake's address and the overrides). */
  readonly config: WhatsappConfig;
  /** The running app; read it in or after the file's beforeAll. */
  readonly t: TestContext;
  /** What the fake received about one order (its id is in the buttons' payloads). */
  sentFor(orderId: string): ReceivedMessage[];
}

/**
 * Starts the fake and the app before the file's tests and stops both after them (call it at the
 * top of a test file, before its own beforeAll: hooks of the file run after these, and its
 * afterAll before these).
 */
export function useWhatsappTestApp(
  overrides: Partial<WhatsappConfig> = {},
  appConfig: Omit<Partial<AppConfig>, "whatsapp" | "clock"> = {},
): WhatsappTestApp {
  const fake = new FakeCloudApi();
  const clock = new ManualClock();
  let config: WhatsappConfig | undefined;
  let t: TestContext | undefined;
  beforeAll(async () => {
    await fake.start();
    config = testWhatsappConfig(fake.url, overrides);
    t = await createTestApp({ ...appConfig, whatsapp: config, clock });
  });
  afterAll(async () => {
    await t?.close();
    await fake.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useWhatsappTestApp: read the app in or after beforeAll");
    return value;
  };
  return {
    fake,
    clock,
    get config() {
      return started(config);
    },
    get t() {
      return started(t);
    },
    sentFor: (orderId) => fake.received.filter((m) => JSON.stringify(m.body).includes(orderId)),
  };
}
