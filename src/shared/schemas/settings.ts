import { z } from "zod";
import { SETTING_KEYS } from "../constants.js";

export const settingKey = z.enum(SETTING_KEYS, {
  message: `Unknown setting; known settings: ${SETTING_KEYS.join(", ")}`,
});
export const setting = z.object({ key: z.string(), value: z.unknown() });
export type Setting = z.infer<typeof setting>;

/** Text settings are strings of at most 500 characters; hero_image holds an image object or null. */
export const settingValue = z.union([z.string().max(500, "A setting can be at most 500 characters"), z.null()]);
