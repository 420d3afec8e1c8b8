import { describe, expect, it } from "vitest";
import { readEnv } from "../../env.js";
import { GRAPH_API } from "../../lib/meta-defaults.js";
import { DEFAULT_PIXEL_SCRIPT_URL } from "../../lib/meta-defaults.js";
import { conversionsApiOf, metaAdsConfigFromEnv, pixelSources } from "./ads-config.js";

describe("Meta's settings", () => {
  it("are off until META_PIXEL_ID is set, and the Conversions API until META_CAPI_TOKEN is set too", () => {
    expect(metaAdsConfigFromEnv(readEnv({}))).toBeUndefined();
    expect(metaAdsConfigFromEnv(readEnv({ META_PIXEL_ID: "" }))).toBeUndefined();
    const pixelOnly = metaAdsConfigFromEnv(readEnv({ META_PIXEL_ID: "1234567890123" }));
    expect(pixelOnly).toMatchObject({
      pixelId: "1234567890123",
      apiUrl: `https://graph.facebook.com/${GRAPH_API.version}`,
      pixelScriptUrl: DEFAULT_PIXEL_SCRIPT_URL,
      deliveryEvents: false,
    });
    expect(conversionsApiOf(pixelOnly)).toBeUndefined();
    const both = metaAdsConfigFromEnv(
      readEnv({ META_PIXEL_ID: "1234567890123", META_CAPI_TOKEN: "EAAB", META_DELIVERY_EVENTS: "1" }),
    );
    expect(conversionsApiOf(both)).toMatchObject({ capiToken: "EAAB", deliveryEvents: true });
  });

  it("stop start-up with a message naming a pixel id that is not Meta's numeric id", () => {
    expect(() => readEnv({ META_PIXEL_ID: "fb-pixel" })).toThrow(
      /META_PIXEL_ID: must be the pixel's \(dataset's\) numeric ID/,
    );
  });

  it("let the CSP name Meta's script and endpoint, or a fake's own origin in tests", () => {
    expect(pixelSources(undefined)).toBeUndefined();
    const meta = metaAdsConfigFromEnv(readEnv({ META_PIXEL_ID: "1234567890123" }));
    expect(pixelSources(meta)).toEqual({ script: "https://connect.facebook.net", send: "https://www.facebook.com" });
    expect(pixelSources({ ...meta!, pixelScriptUrl: "http://127.0.0.1:4010/fbevents.js" })).toEqual({
      script: "http://127.0.0.1:4010",
      send: "http://127.0.0.1:4010",
    });
  });
});
