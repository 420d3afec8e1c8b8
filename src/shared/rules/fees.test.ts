import { describe, expect, it } from "vitest";
import { deliveryBadge, deliveryPromise, readFeeSettings } from "./fees.js";

const badgeFor = (stored: Record<string, unknown>) => deliveryBadge(deliveryPromise(readFeeSettings(stored)));

describe("deliveryBadge", () => {
  it("reads the spec's trust badge exactly, Free Delivery, when every delivery setting is empty", () => {
    expect(badgeFor({})).toBe("Free Delivery");
    expect(badgeFor({ delivery_fee: "", delivery_fee_by_city: "", free_delivery_over: "", cod_fee: "" })).toBe(
      "Free Delivery",
    );
  });

  it("title-cases the free-delivery variants as the spec's badges are, and leaves the others as they read", () => {
    expect(badgeFor({ delivery_fee: "250", free_delivery_over: "5000" })).toBe("Free Delivery over Rs. 5,000");
    expect(badgeFor({ delivery_fee: "250" })).toBe("Delivery Rs. 250");
    expect(badgeFor({ delivery_fee: "250", delivery_fee_by_city: '{"Karachi":200}' })).toBe("Delivery from Rs. 200");
  });
});
