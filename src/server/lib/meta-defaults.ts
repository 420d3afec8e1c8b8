/**
 * Meta's addresses the store uses by default. They live here, below the modules, because env.ts
 * parses the settings that default to them and must not import the modules that use them.
 */

/**
 * The Graph API version the store calls by default, and the last day Meta serves it (the Graph API
 * changelog's "Available until"). Meta keeps a version about two years, and a call to an expired
 * one fails, confirmations included: move this to a newer version well before the date (a test
 * fails 90 days ahead), after reading that version's WhatsApp changelog.
 */
export const GRAPH_API = { version: "v25.0", availableUntil: "2028-07-29" } as const;

/** The default `WHATSAPP_API_URL`. */
export const DEFAULT_WHATSAPP_API_URL = `https://graph.facebook.com/${GRAPH_API.version}`;

/** Meta's pixel script as Meta's base code loads it (the default `META_PIXEL_SCRIPT_URL`). */
export const DEFAULT_PIXEL_SCRIPT_URL = "https://connect.facebook.net/en_US/fbevents.js";
