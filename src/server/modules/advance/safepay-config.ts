import type { Env } from "../../env.js";

/** Safepay's API hosts and its hosted checkout ("components"), as its SDKs name them. */
export const SAFEPAY_HOSTS = {
  sandbox: { api: "https://sandbox.api.getsafepay.com", checkout: "https://sandbox.api.getsafepay.com/components" },
  production: { api: "https://api.getsafepay.com", checkout: "https://getsafepay.com/components" },
} as const;

/** The Safepay gateway for advances (decision 027); off when absent (no SAFEPAY_API_KEY). */
export interface SafepayConfig {
  environment: "sandbox" | "production";
  /** SAFEPAY_API_KEY: the merchant's API key (`sec_…`), sent as `client`. */
  apiKey: string;
  /** SAFEPAY_WEBHOOK_SECRET: signs the notifications (X-SFPY-Signature). */
  webhookSecret: string;
  /** The API's base (tests point it at a local fake). */
  apiUrl: string;
  /** The hosted checkout page. */
  checkoutUrl: string;
  /** How long the call that starts a payment may take. */
  requestTimeoutMs?: number;
}

export function safepayConfigFromEnv(env: Env): SafepayConfig | undefined {
  if (!env.SAFEPAY_API_KEY || !env.SAFEPAY_WEBHOOK_SECRET) return undefined;
  const hosts = SAFEPAY_HOSTS[env.SAFEPAY_ENVIRONMENT];
  return {
    environment: env.SAFEPAY_ENVIRONMENT,
    apiKey: env.SAFEPAY_API_KEY,
    webhookSecret: env.SAFEPAY_WEBHOOK_SECRET,
    apiUrl: (env.SAFEPAY_API_URL ?? hosts.api).replace(/\/+$/, ""),
    checkoutUrl: env.SAFEPAY_CHECKOUT_URL ?? hosts.checkout,
  };
}
