import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANDLE_MAX, HANDLE_MESSAGE, HANDLE_PATTERN, handleFrom } from "@shared/catalogue/handles.js";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "../../db/rows.js";
import { oldHandles, products } from "../../db/schema.js";
import { countRows, insertCategory, insertProduct, productData, sendProduct } from "../../test/factory.js";
import { testStorefront } from "../../test/storefront.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

// CONTRACT.md part four, "Product addresses, drafts and launches" (decision 039): every product has
// a handle made from its name (numbered when taken) or given; its page is /products/{handle}; the
// old addresses and an old handle after a rename answer 301 with the query kept.
let t: TestContext;
let remove: () => void;
let sku = 0;
beforeAll(async () => {
  const storefront = await testStorefront();
  remove = storefront.remove;
  t = await createTestApp({ clientDir: storefront.clientDir });
  await insertCategory(t.db, "casual");
  await insertCategory(t.db, "party");
});
afterAll(async () => {
  await t.close();
  remove();
});

const send = (method: "POST" | "PUT", url: string, overrides: Record<string, unknown>) =>
  sendProduct(t, method, url, {
    productData: JSON.stringify(productData({ sku: `HDL-${++sku}`, ...overrides })),
  });

async function create(overrides: Record<string, unknown>) {
  const res = await send("POST", "/api/products", overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; handle: string; name: string };
}

/** A refused save: 400 with the handle's own message, and no product or old handle written. */
async function expectHandleRefused(
  method: "POST" | "PUT",
  url: string,
  overrides: Record<string, unknown>,
  message: string | RegExp,
) {
  const before = [await countRows(t.db, products), await countRows(t.db, oldHandles)];
  const res = await send(method, url, overrides);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().details.handle).toMatch(message);
  expect([await countRows(t.db, products), await countRows(t.db, oldHandles)]).toEqual(before);
}

describe("POST /api/products (handle)", () => {
  it("makes the handle from the name, numbering it -2, -3 when taken", async () => {
    const first = await create({ name: "Firdous Lawn (3-Pc) Suit" });
    const second = await create({ name: "Firdous Lawn (3-Pc) Suit" });
    const third = await create({ name: "firdous lawn 3 pc suit" });
    expect([first.handle, second.handle, third.handle]).toEqual([
      "firdous-lawn-3-pc-suit",
      "firdous-lawn-3-pc-suit-2",
      "firdous-lawn-3-pc-suit-3",
    ]);
  });

  it("keeps a handle given, and a name with no latin letters still gets one", async () => {
    expect((await create({ name: "Khaddar Shawl", handle: "winter-shawl-24" })).handle).toBe("winter-shawl-24");
    expect((await create({ name: "کھدر" })).handle).toMatch(/^product(-\d+)?$/);
  });

  it("refuses a duplicate handle or one with other characters with a message on the field; nothing is stored", async () => {
    await create({ name: "Chiffon Dupatta", handle: "chiffon-dupatta" });
    await expectHandleRefused("POST", "/api/products", { name: "Other", handle: "chiffon-dupatta" }, /already used/);
    for (const bad of ["Lawn Suit", "lawn_suit", "lawn--suit", "-lawn", "lawn-", "lawn/suit"])
      await expectHandleRefused("POST", "/api/products", { name: "Other", handle: bad }, HANDLE_MESSAGE);
  });
});

describe("a product written without a handle (the insert trigger, migration 0031)", () => {
  /** A row inserted as a script or the demo seed does, with no handle: the trigger names it. */
  const inserted = async (name: string, id?: number) => (await insertProduct(t.db, { name, id })).handle;

  it("still gets one when the name's handle and that handle with the row's id are both taken", async () => {
    // The trigger of 0024 tried "shirt", then "shirt-{id}", and failed the insert here.
    expect(await inserted("Shirt")).toBe("shirt");
    expect(await inserted("shirt-900001")).toBe("shirt-900001");
    expect(await inserted("Shirt", 900001)).toBe("shirt-2");
    expect(await inserted("SHIRT")).toBe("shirt-3");
  });

  it("numbers a repeated name as the API does, whichever of the two makes the next one", async () => {
    const name = "Gul Ahmed Lawn (3-Pc) Ünstitched";
    const made: string[] = [];
    for (const via of ["api", "insert", "api", "insert", "insert", "api"])
      made.push(via === "api" ? (await create({ name })).handle : await inserted(name));
    expect(made).toEqual(["", "-2", "-3", "-4", "-5", "-6"].map((n) => `gul-ahmed-lawn-3-pc-unstitched${n}`));
  });

  it("keeps a numbered handle of a long name within 80 characters, the same either way", async () => {
    // Its handle is cut at 80 characters, with a dash at the 77th.
    const name = `${"Lawn Shawl ".repeat(8)}Set`;
    const base = handleFrom(name);
    expect(base).toHaveLength(HANDLE_MAX);
    const made: string[] = [];
    for (let n = 1; n <= 11; n++) made.push(n % 2 ? await inserted(name) : (await create({ name })).handle);
    expect(made[0]).toBe(base);
    expect(made[1]).toBe(`${base.slice(0, 78)}-2`);
    // "-10" takes one more character; the dash left at the cut goes, never a double dash.
    expect(made[9]).toBe(`${base.slice(0, 77).replace(/-+$/, "")}-10`);
    for (const handle of made) {
      expect(handle.length).toBeLessThanOrEqual(HANDLE_MAX);
      expect(handle).toMatch(HANDLE_PATTERN);
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it("numbers the rows of one INSERT of many with the same name, each seeing those before it", async () => {
    const rows = await queryRows<{ handle: string }>(
      t.db,
      sql`insert into products (name, sku, description, price, category, sizes, colors)
          select 'Karandi Shawl', 'KS-' || g, 'Warm', 3000, 'casual', '{}', '{}' from generate_series(1, 4) g
          returning handle`,
    );
    expect(rows.map((r) => r.handle).sort()).toEqual([
      "karandi-shawl",
      "karandi-shawl-2",
      "karandi-shawl-3",
      "karandi-shawl-4",
    ]);
  });

  it("reads every character the app's rule decomposes as the database does, between two letters", async () => {
    // Every character whose NFKD form differs from itself, in Node's Unicode version: the only ones
    // two Unicode versions can read differently (a decomposition, once given, never changes).
    const names: string[] = [];
    for (let cp = 0xa0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      if (c.normalize("NFKD") !== c) names.push(`a${c}b`);
    }
    expect(names.length).toBeGreaterThan(5000);
    const rows = await queryRows<{ handle: string }>(
      t.db,
      sql`select handle_from(n) as handle
          from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as u(n, i) order by i`,
    );
    const differing = names.filter((name, i) => rows[i]?.handle !== handleFrom(name));
    expect(differing.map((name) => `U+${name.codePointAt(1)!.toString(16).toUpperCase()}`)).toEqual([]);
  });

  it("makes from any name the handle the app's rule makes (shared handleFrom)", async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "Lawn",
        " ",
        "-",
        "--",
        "(3-Pc)",
        "É",
        "ß",
        "İ",
        "Ｌａｗｎ",
        "ﬁ",
        "K",
        "é",
        "کھدر",
        "😀",
        "_",
        "9",
      ),
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: "grapheme-ascii", minLength: 60, maxLength: 100 }),
    );
    const names = fc
      .array(piece, { maxLength: 8 })
      .map((parts) => parts.join("").replaceAll("\0", ""))
      .filter((name) => !/\p{Cs}/u.test(name)); // no lone surrogate: the database stores UTF-8
    await fc.assert(
      fc.asyncProperty(fc.array(names, { minLength: 1, maxLength: 20 }), async (batch) => {
        const rows = await queryRows<{ handle: string }>(
          t.db,
          sql`select handle_from(n) as handle
              from jsonb_array_elements_text(${JSON.stringify(batch)}::jsonb) with ordinality as u(n, i) order by i`,
        );
        expect(rows.map((r) => r.handle)).toEqual(batch.map(handleFrom));
      }),
      { numRuns: 60 },
    );
  });
});

describe("PUT /api/products/:id (handle)", () => {
  it("refuses another product's handle on a rename and keeps the product as it was", async () => {
    await create({ name: "Karandi Suit", handle: "karandi-suit" });
    const other = await create({ name: "Karandi Two", handle: "karandi-two" });
    await expectHandleRefused(
      "PUT",
      `/api/products/${other.id}`,
      { name: "Karandi Two", handle: "karandi-suit" },
      /already used/,
    );
    const [row] = await t.db.select({ handle: products.handle }).from(products).where(eq(products.id, other.id));
    expect(row.handle).toBe("karandi-two");
  });
});

describe("GET /api/products/by-handle/:handle", () => {
  it("answers the product by its handle, and 404 for a handle no product has", async () => {
    const made = await create({ name: "Velvet Shawl" });
    const res = await t.app.inject({ url: `/api/products/by-handle/${made.handle}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: made.id, handle: "velvet-shawl", name: "Velvet Shawl" });
    expect((await t.app.inject({ url: "/api/products/by-handle/no-such-thing" })).statusCode).toBe(404);
  });
});

describe("moved pages", () => {
  it("answers 301 from /product/{id} to /products/{handle}, keeping the query", async () => {
    const made = await create({ name: "Silk Kurta" });
    const res = await t.app.inject({ url: `/product/${made.id}?review=abc&utm_source=wa` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/products/silk-kurta?review=abc&utm_source=wa`);
    expect((await t.app.inject({ url: "/product/999999" })).statusCode).toBe(404);
  });

  it("answers 301 from /collection/{slug} to /collections/{handle}", async () => {
    const res = await t.app.inject({ url: "/collection/party?sort=price" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/collections/party?sort=price");
  });

  it("answers 301 from a collection's old handle after its slug changes", async () => {
    const made = await insertCategory(t.db, "eid-edit");
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/categories/${made.id}`,
      headers: { cookie: t.adminCookie },
      payload: { name: "Eid Edit", slug: "eid-collection", description: "Festive" },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const url of ["/collections/eid-edit?page=2", "/collection/eid-edit?page=2"]) {
      const moved = await t.app.inject({ url });
      expect(moved.statusCode, url).toBe(301);
      expect(moved.headers.location).toBe("/collections/eid-collection?page=2");
    }
  });

  it("answers 301 from an old handle after a rename, and the new handle's page renders", async () => {
    const made = await create({ name: "Organza Suit", handle: "organza-suit" });
    const renamed = await send("PUT", `/api/products/${made.id}`, { name: "Organza Suit", handle: "organza-festive" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().handle).toBe("organza-festive");

    const old = await t.app.inject({ url: "/products/organza-suit?utm_campaign=eid" });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/products/organza-festive?utm_campaign=eid");
    const page = await t.app.inject({ url: "/products/organza-festive" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Organza Suit");
    expect((await t.app.inject({ url: "/api/products/by-handle/organza-festive" })).json().id).toBe(made.id);
  });

  it("answers 301 from a product's address with capitals to its lowercase one, keeping the query", async () => {
    await create({ name: "Mixed Case Kurta", handle: "mixed-case-kurta" });
    for (const url of ["/products/Mixed-Case-Kurta?utm_source=ig", "/products/MIXED-CASE-KURTA?utm_source=ig"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe("/products/mixed-case-kurta?utm_source=ig");
    }
    // An old handle with capitals goes to the current handle in one step.
    const renamed = await create({ name: "Ajrak Shawl", handle: "ajrak-shawl" });
    expect(
      (await send("PUT", `/api/products/${renamed.id}`, { name: "Ajrak Shawl", handle: "ajrak-wrap" })).statusCode,
    ).toBe(200);
    const old = await t.app.inject({ url: "/products/Ajrak-Shawl" });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/products/ajrak-wrap");
  });

  it("answers 404 to an address with capitals when no product on sale has its lowercase handle", async () => {
    await insertProduct(t.db, { name: "Hidden Draft Kurta", handle: "hidden-draft-kurta", status: "draft" });
    for (const url of ["/products/Hidden-Draft-Kurta", "/products/No-Such-Kurta", "/products/%C3%89lan"]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it("answers 301 from a collection's address with capitals, or its old slug's, to its lowercase one", async () => {
    const res = await t.app.inject({ url: "/collections/Party?sort=price" });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/collections/party?sort=price");
    const made = await insertCategory(t.db, "winter-edit");
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: `/api/categories/${made.id}`,
          headers: { cookie: t.adminCookie },
          payload: { name: "Winter Edit", slug: "winter-shawls", description: "Warm" },
        })
      ).statusCode,
    ).toBe(200);
    const old = await t.app.inject({ url: "/collections/Winter-Edit" });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe("/collections/winter-shawls");
    expect((await t.app.inject({ url: "/collections/No-Such-Edit" })).statusCode).toBe(404);
  });

  it("gives an old handle to a new product that takes it, which then renders instead of moving", async () => {
    const made = await create({ name: "Lawn Kurti", handle: "lawn-kurti" });
    expect(
      (await send("PUT", `/api/products/${made.id}`, { name: "Lawn Kurti", handle: "lawn-kurti-new" })).statusCode,
    ).toBe(200);
    const taker = await create({ name: "Another Kurti", handle: "lawn-kurti" });
    const page = await t.app.inject({ url: "/products/lawn-kurti" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Another Kurti");
    expect((await t.app.inject({ url: "/api/products/by-handle/lawn-kurti" })).json().id).toBe(taker.id);
  });
});
