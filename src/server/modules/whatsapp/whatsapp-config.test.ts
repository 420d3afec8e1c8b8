import { describe, expect, it } from "vitest";
import { readEnv } from "../../env.js";
import { DEFAULT_WHATSAPP_API_URL } from "../../lib/meta-defaults.js";
import { whatsappConfigFromEnv } from "./whatsapp-config.js";

describe("whatsappConfigFromEnv", () => {
  it("leaves WhatsApp off until the token, phone number ID and app secret are all set", () => {
    expect(whatsappConfigFromEnv(readEnv({}))).toBeUndefined();
    expect(whatsappConfigFromEnv(readEnv({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "123" }))).toBeUndefined();
  });

  it("takes the contract's defaults for the API URL, template, language and hours", () => {
    const config = whatsappConfigFromEnv(
      readEnv({ WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "123", WHATSAPP_APP_SECRET: "s" }),
    );
    expect(config).toMatchObject({
      apiUrl: DEFAULT_WHATSAPP_API_URL,
      confirmTemplate: "order_confirmation",
      templateLanguage: "en",
      reminderHours: 12,
      expiryHours: 48,
      autoCancel: false,
    });
  });

  it("stops with a message naming a bad value", () => {
    expect(() => readEnv({ WHATSAPP_PHONE_NUMBER_ID: "+92 300", CONFIRM_EXPIRY_HOURS: "soon" })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: must be the numeric phone number ID\n {2}CONFIRM_EXPIRY_HOURS/,
    );
  });
});
