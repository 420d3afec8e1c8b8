import type { Env } from "../../env.js";
import { DEFAULT_PIXEL_SCRIPT_URL } from "../../lib/meta-defaults.js";

/** Where the pixel sends its events (its image and beacon requests). */
export const PIXEL_ENDPOINT_ORIGIN = "https://www.facebook.com";

/** Meta's pixel and Conversions API (CONTRACT.md part three, "Ads that learn from real buyers"). */
export interface MetaAdsConfig {
  /** META_PIXEL_ID: the pixel (browser) is on with it alone. */
  pixelId: string;
  /** META_CAPI_TOKEN: the Conversions API is on when it is given too. */
  capiToken?: string;
  /** META_API_URL: the Graph API with its version (tests point it at a local fake). */
  apiUrl: string;
  /** The pixel's script; Meta's own unless a test points it at a local fake. */
  pixelScriptUrl: string;
  /** META_DELIVERY_EVENTS=1: also the custom Delivered and Returned events (off by default). */
  deliveryEvents: boolean;
  /** META_TEST_EVENT_CODE: events show in Events Manager's Test Events tab instead of counting. */
  testEventCode?: string;
  /** How long one call may take (Meta recommends 1,500 ms); a time-out is retried. */
  requestTimeoutMs?: number;
}

export function metaAdsConfigFromEnv(env: Env): MetaAdsConfig | undefined {
  if (!env.META_PIXEL_ID) return undefined;
  return {
    pixelId: env.META_PIXEL_ID,
    capiToken: env.META_CAPI_TOKEN || undefined,
    apiUrl: env.META_API_URL.replace(/\/+$/, ""),
    pixelScriptUrl: env.META_PIXEL_SCRIPT_URL,
    deliveryEvents: env.META_DELIVERY_EVENTS === "1",
    testEventCode: env.META_TEST_EVENT_CODE || undefined,
  };
}

/** The Conversions API's settings when it is on (pixel id and token), else undefined. */
export function conversionsApiOf(
  config: MetaAdsConfig | undefined,
): (MetaAdsConfig & { capiToken: string }) | undefined {
  return config?.capiToken ? (config as MetaAdsConfig & { capiToken: string }) : undefined;
}

/**
 * What the Content-Security-Policy must add for the pixel: its script's origin, and where it
 * sends events (an image or a beacon). A pixel script served from elsewhere (a test's fake)
 * sends to its own origin.
 */
export function pixelSources(config: MetaAdsConfig | undefined): { script: string; send: string } | undefined {
  if (!config) return undefined;
  const script = new URL(config.pixelScriptUrl).origin;
  const send = config.pixelScriptUrl === DEFAULT_PIXEL_SCRIPT_URL ? PIXEL_ENDPOINT_ORIGIN : script;
  return { script, send };
}
