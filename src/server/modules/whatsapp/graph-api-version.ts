/**
 * The Graph API version the store calls by default, and the last day Meta serves it (the Graph API
 * changelog's "Available until"). Meta keeps a version about two years, and a call to an expired
 * one fails, confirmations included: move this to a newer version well before the date (a test
 * fails 90 days ahead), after reading that version's WhatsApp changelog.
 */
export const GRAPH_API = { version: "v25.0", availableUntil: "2028-07-29" } as const;

/** The default `WHATSAPP_API_URL`. */
export const DEFAULT_WHATSAPP_API_URL = `https://graph.facebook.com/${GRAPH_API.version}`;

/** Whole days from `now` until the version stops working (negative once it has). */
export function daysLeftOnGraphApi(now: Date): number {
  return Math.floor((Date.parse(`${GRAPH_API.availableUntil}T00:00:00Z`) - now.getTime()) / 86_400_000);
}
