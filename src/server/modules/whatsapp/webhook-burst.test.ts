import { describe, expect, it } from "vitest";
import { WebhookBurst } from "./webhook-burst.js";

describe("WebhookBurst", () => {
  it("handles a lone delivery once it is answered, and a burst's deliveries once the burst pauses", () => {
    const burst = new WebhookBurst();
    const handled: string[] = [];
    burst.arrived();
    burst.recorded(() => handled.push("lone"));
    expect(burst.busy()).toBe(true);
    burst.answered();
    expect(handled).toEqual(["lone"]);
    expect(burst.busy()).toBe(false);

    burst.arrived();
    burst.arrived();
    burst.recorded(() => handled.push("burst"));
    burst.answered();
    expect(handled).toEqual(["lone"]); // another is still being answered
    burst.recorded(() => handled.push("burst"));
    burst.answered();
    expect(handled).toEqual(["lone", "burst"]); // once, for all of it
    burst.answered(); // an extra answer (a refused request) changes nothing
    expect(burst.busy()).toBe(false);
  });
});
