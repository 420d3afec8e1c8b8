import { describe, expect, it } from "vitest";
import { toSettingsMap } from "./settings-api";

describe("toSettingsMap", () => {
  it("turns the list of settings into a key-value map", () => {
    const map = toSettingsMap([
      { key: "hero_title", value: "Eid Edit 2025" },
      { key: "site_name", value: "Noor" },
    ]);
    expect(map.hero_title).toBe("Eid Edit 2025");
    expect(map.site_name).toBe("Noor");
  });

  it("falls back to the spec's defaults for missing, empty or non-text values", () => {
    const map = toSettingsMap([
      { key: "hero_subtitle", value: "" },
      { key: "site_name", value: { url: "/x" } },
    ]);
    expect(map.hero_title).toBe("Premium Fashion Collection");
    expect(map.hero_subtitle).toBe("Discover our exquisite range of premium clothing crafted for the modern woman");
    expect(map.site_name).toBe("Zaiba");
  });

  it("gives the defaults while the settings have not loaded", () => {
    expect(toSettingsMap(undefined).hero_title).toBe("Premium Fashion Collection");
  });
});
