import { describe, expect, it } from "vitest";
import { templateText } from "./template-text.js";

describe("templateText: what a shopper typed, as a template parameter", () => {
  it("drops links with or without a scheme, www. names and shortened links", () => {
    expect(templateText("Visit bit.ly/3xYz to claim Rs.5000", 60)).toBe("Visit to claim Rs.5000");
    expect(templateText("Ayesha https://evil.example/win now", 60)).toBe("Ayesha now");
    expect(templateText("Ayesha www.prize-pk.com", 60)).toBe("Ayesha");
    expect(templateText("Go to tinyurl.com today", 60)).toBe("Go to today");
    expect(templateText("Go to bit . ly / abc today", 60)).toBe("Go to today");
    expect(templateText("Go to prize.example/claim", 60)).toBe("Go to");
    expect(templateText("write to win@prize.pk", 60)).toBe("write to");
    expect(templateText("HTTP://EVIL.PK", 60)).toBe("-");
  });

  it("drops runs of more than 6 digits, also spaced, dashed or in another script", () => {
    expect(templateText("Call 03001234567 now", 60)).toBe("Call now");
    expect(templateText("Call 0300 123 4567 now", 60)).toBe("Call now");
    expect(templateText("Call 0300-123-4567 now", 60)).toBe("Call now");
    expect(templateText("Call ۰۳۰۰۱۲۳۴۵۶۷ now", 60)).toBe("Call now");
    expect(templateText("Flat 123456, Block 7", 60)).toBe("Flat 123456, Block 7");
  });

  it("keeps ordinary names and cities as typed", () => {
    expect(templateText("Ayesha Khan", 60)).toBe("Ayesha Khan");
    expect(templateText("D.I.Khan", 60)).toBe("D.I.Khan");
    expect(templateText("Dr. Sana M. Ali", 60)).toBe("Dr. Sana M. Ali");
    expect(templateText("عائشہ خان", 60)).toBe("عائشہ خان");
  });

  it("puts everything on one line and cuts it to the length given", () => {
    expect(templateText("Ayesha\n\n\tKhan     Lahore", 60)).toBe("Ayesha Khan Lahore");
    expect(templateText("A".repeat(100), 40)).toBe(`${"A".repeat(39)}…`);
    expect([...templateText("ع".repeat(100), 40)]).toHaveLength(40);
    expect(templateText("   ", 40)).toBe("-");
  });
});
