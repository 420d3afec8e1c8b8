import type { WhatsappConfig } from "../../modules/whatsapp/whatsapp-config.js";
import { GRAPH_API } from "../../lib/meta-defaults.js";

/** The integration's settings pointing at a local fake (or nowhere, for tests that send nothing). */
export function testWhatsappConfig(
  apiUrl = `http://127.0.0.1:9/${GRAPH_API.version}`,
  overrides: Partial<WhatsappConfig> = {},
): WhatsappConfig {
  return {
    token: "test-token",
    phoneNumberId: "106540352242922",
    appSecret: "test-app-secret",
    verifyToken: "test-verify-token",
    apiUrl,
    confirmTemplate: "order_confirmation",
    templateLanguage: "en",
    reminderHours: 12,
    expiryHours: 48,
    autoCancel: false,
    publicUrl: "https://shop.example.pk",
    requestTimeoutMs: 1_000,
    ...overrides,
  };
}
