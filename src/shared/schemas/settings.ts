import { z } from "zod";
import { SETTING_DEFAULTS, SETTING_KEYS } from "../constants.js";
import { ADVANCE_SETTING_KEYS } from "../rules/advance.js";
import { WINBACK_SETTING_DEFAULTS, WINBACK_SETTING_KEYS } from "../rules/winback.js";

/**
 * Every setting the API knows. The advance rules (decision 027) are listed beside the rule that
 * reads them rather than in constants.ts, which the storefront's first script carries: no
 * storefront page reads them before an order is placed.
 */
export const ALL_SETTING_KEYS = [...SETTING_KEYS, ...ADVANCE_SETTING_KEYS, ...WINBACK_SETTING_KEYS] as const;
export type AnySettingKey = (typeof ALL_SETTING_KEYS)[number];

/** A setting's value when never saved: its default, or empty (the advance rules: none). */
export const settingDefault = (key: AnySettingKey): unknown =>
  key in SETTING_DEFAULTS
    ? SETTING_DEFAULTS[key as keyof typeof SETTING_DEFAULTS]
    : key in WINBACK_SETTING_DEFAULTS
      ? WINBACK_SETTING_DEFAULTS[key as keyof typeof WINBACK_SETTING_DEFAULTS]
      : "";

export const settingKey = z.enum(ALL_SETTING_KEYS, {
  message: `Unknown setting; known settings: ${ALL_SETTING_KEYS.join(", ")}`,
});
export const setting = z.object({ key: z.string(), value: z.unknown() });
export type Setting = z.infer<typeof setting>;

/** Text settings are strings of at most 500 characters; hero_image holds an image object or null. */
export const settingValue = z.union([z.string().max(500, "A setting can be at most 500 characters"), z.null()]);
