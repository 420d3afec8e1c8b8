import { SETTING_DEFAULTS, type SettingKey } from "../constants.js";
import type { ImageRef } from "../schemas/common.js";
import { deliveryPromise, readFeeSettings } from "./fees.js";

/** The site's settings as the storefront, the admin and the server renderer all read them. */
export interface SiteSettings {
  hero_title: string;
  hero_subtitle: string;
  hero_image: ImageRef | null;
  site_name: string;
  site_tagline: string;
  /** What the store copy may promise about delivery, true for the fee settings in force ("Free delivery"). */
  delivery: string;
}

type TextKey = Extract<SettingKey, "hero_title" | "hero_subtitle" | "site_name" | "site_tagline">;

/**
 * The spec's list of {key, value} turned into a map: a text never saved, blank or not text
 * falls back to its default (a failed read too: the defaults stand in, spec §8); the hero image
 * is an image object or null.
 */
export function siteSettings(list: readonly { key: string; value: unknown }[] | undefined): SiteSettings {
  const stored = new Map((list ?? []).map((s) => [s.key, s.value]));
  const text = (key: TextKey) => {
    const value = stored.get(key);
    return typeof value === "string" && value.trim() !== "" ? value : String(SETTING_DEFAULTS[key]);
  };
  const image = stored.get("hero_image") as ImageRef | null | undefined;
  return {
    hero_title: text("hero_title"),
    hero_subtitle: text("hero_subtitle"),
    hero_image: image && typeof image === "object" && typeof image.url === "string" ? image : null,
    site_name: text("site_name"),
    site_tagline: text("site_tagline"),
    delivery: deliveryPromise(readFeeSettings(Object.fromEntries(stored))),
  };
}
