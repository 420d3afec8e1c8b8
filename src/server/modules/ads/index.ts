/**
 * The ads module's public face: what other modules and the app import from it. Anything else
 * in this folder is the module's own (eslint.config.js refuses a deep import from outside).
 */
export { adContextOnPlacement } from "./ad-context.js";
export { metaAdsConfigFromEnv, pixelSources } from "./ads-config.js";
export type { MetaAdsConfig } from "./ads-config.js";
export { conversionsApiOf } from "./ads-config.js";
export { recordMetaEvents, recordedMetaEvents } from "./meta-events.js";
