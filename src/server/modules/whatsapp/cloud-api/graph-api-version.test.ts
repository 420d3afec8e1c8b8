import { describe, expect, it } from "vitest";
import { readEnv } from "../../../env.js";
import { DEFAULT_WHATSAPP_API_URL, GRAPH_API } from "../../../lib/meta-defaults.js";
import { daysLeftOnGraphApi } from "./graph-api-version.js";

describe("the Graph API version", () => {
  it("is one Meta serves for at least 90 more days (move GRAPH_API to a newer version when this fails)", () => {
    expect(
      daysLeftOnGraphApi(new Date()),
      `${GRAPH_API.version} ends on ${GRAPH_API.availableUntil}`,
    ).toBeGreaterThanOrEqual(90);
  });

  it("is the default WHATSAPP_API_URL", () => {
    expect(readEnv({}).WHATSAPP_API_URL).toBe(DEFAULT_WHATSAPP_API_URL);
    expect(DEFAULT_WHATSAPP_API_URL).toBe(`https://graph.facebook.com/${GRAPH_API.version}`);
  });

  it("counts whole days left, and below zero once the version has ended", () => {
    expect(daysLeftOnGraphApi(new Date("2028-04-30T12:00:00Z"))).toBe(89);
    expect(daysLeftOnGraphApi(new Date("2028-07-30T00:00:00Z"))).toBe(-1);
  });
});
