import { describe, expect, it } from "vitest";
import { WebhookBurst } from "./webhook-burst.js";

describe("WebhookBurst", () => {
  it("handles a lone delivery at once, and during a burst only once it pauses", () => {
    const burst = new WebhookBurst(3, 250, 30_000);
    const handled: number[] = [];
    burst.recorded(() => handled.push(1), 1_000);
    burst.recorded(() => handled.push(2), 1_100);
    expect(handled).toEqual([1, 2]);
    burst.recorded(() => handled.push(3), 1_200); // the third within 250 ms: a burst, handled after it
    expect(handled).toEqual([1, 2]);
    expect(burst.busy(1_200)).toBe(true);
    expect(burst.busy(1_000 + 251)).toBe(false);
    burst.recorded(() => handled.push(4), 5_000); // after a pause: at once again
    expect(handled).toEqual([1, 2, 4]);
  });
});
