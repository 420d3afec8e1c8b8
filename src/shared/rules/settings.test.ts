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
      delivery: "Free delivery",
    });
  });

  it("promises about delivery only what the fee settings make true", () => {
    const promise = (list: { key: string; value: unknown }[]) => siteSettings(list).delivery;
    expect(promise([{ key: "delivery_fee", value: "" }])).toBe("Free delivery");
    expect(promise([{ key: "delivery_fee", value: "250" }])).toBe("Delivery Rs. 250");
    expect(
      promise([
        { key: "delivery_fee", value: "250" },
        { key: "free_delivery_over", value: "5000" },
      ]),
    ).toBe("Free delivery over Rs. 5,000");
    expect(
      promise([
        { key: "delivery_fee", value: "250" },
        { key: "delivery_fee_by_city", value: '{"Karachi":200}' },
      ]),
    ).toBe("Delivery from Rs. 200");
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
