import { describe, expect, it } from "vitest";
import { pageUrl } from "./route-table";

describe("pageUrl", () => {
  it("keeps only the query parameters a page reads, in one order, without defaults", () => {
    expect(pageUrl("/shop?utm_source=x&junk=1")).toBe("/shop");
    expect(pageUrl("/shop?sort=newest&view=grid&page=1")).toBe("/shop");
    expect(pageUrl("/shop?sort=price-asc&junk=2&category=formal&view=list")).toBe(
      "/shop?category=formal&sort=price-asc&view=list",
    );
    expect(pageUrl("/shop?category=formal&view=list&sort=price-asc")).toBe(
      "/shop?category=formal&sort=price-asc&view=list",
    );
    expect(pageUrl("/collections/formal?page=3&fbclid=abc")).toBe("/collections/formal?page=3");
    expect(pageUrl("/collections/formal?page=2&x=1&sort=price-asc")).toBe("/collections/formal?sort=price-asc&page=2");
    expect(pageUrl("/collections/formal?sort=newest")).toBe("/collections/formal");
    expect(pageUrl("/collections/formal?sort=nonsense")).toBe("/collections/formal");
    expect(pageUrl("/search?sort=price-desc&q=lawn")).toBe("/search?q=lawn&sort=price-desc");
    expect(pageUrl("/search?q=lawn&sort=featured")).toBe("/search?q=lawn");
    expect(pageUrl("/search?q=%20lawn%20&page=2&x=1")).toBe("/search?q=lawn&page=2");
    expect(pageUrl("/search?page=2")).toBe("/search");
    expect(pageUrl("/products/lawn-suit-12?ref=whatsapp")).toBe("/products/lawn-suit-12");
    expect(pageUrl("/no/such/page?x=1")).toBe("/no/such/page");
  });

  it("makes every admin path one page: the browser renders them all", () => {
    expect(pageUrl("/admin/orders?status=pending")).toBe(pageUrl("/admin/products"));
  });
});
