import { describe, expect, it } from "vitest";
import { SETTING_DEFAULTS } from "../constants.js";
import { siteSettings } from "./settings.js";

describe("siteSettings", () => {
  it("takes saved texts and falls back to the defaults for missing, blank or non-text values", () => {
    const settings = siteSettings([
      { key: "site_name", value: "Noor" },
      { key: "hero_title", value: "   " },
      { key: "site_tagline", value: 42 },
    ]);
    expect(settings.site_name).toBe("Noor");
    expect(settings.hero_title).toBe(SETTING_DEFAULTS.hero_title);
    expect(settings.site_tagline).toBe(SETTING_DEFAULTS.site_tagline);
    expect(settings.hero_subtitle).toBe(SETTING_DEFAULTS.hero_subtitle);
  });

  it("gives every default when the settings could not be read", () => {
    expect(siteSettings(undefined)).toEqual({
      hero_title: SETTING_DEFAULTS.hero_title,
      hero_subtitle: SETTING_DEFAULTS.hero_subtitle,
      hero_image: null,
      site_name: SETTING_DEFAULTS.site_name,
      site_tagline: SETTING_DEFAULTS.site_tagline,
    });
  });

  it("keeps a hero image object and drops anything else", () => {
    const image = {
      id: "a",
      url: "/api/images/a",
      filename: "a.webp",
      mimeType: "image/webp",
      width: 1,
      height: 1,
      edgeColor: "#fff",
    };
    expect(siteSettings([{ key: "hero_image", value: image }]).hero_image).toEqual(image);
    expect(siteSettings([{ key: "hero_image", value: "x" }]).hero_image).toBeNull();
  });
});
