import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../db/rows.js";
import { OVERLOAD_MESSAGE } from "../plugins/overload.js";
import { checkoutPayload, insertCategory, insertProduct, makeImage, multipart, setOrderStatus } from "./factory.js";
import { createTestApp, type TestContext } from "./test-app.js";

/**
 * Every endpoint, public and admin, gets generated garbage: arbitrary JSON, the right keys with
 * wrong values, huge and odd strings, malformed JSON, random query strings and path ids. Whatever
 * arrives, the API answers below 500, every refusal is `{error: string}`, and a refused request
 * leaves every stored row as it was. 500 requests in all, from a fixed seed (FUZZ_SEED overrides).
 */

const TOTAL_RUNS = 500;
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Target {
  method: Method;
  path: string;
  admin?: boolean;
  /** A valid body (or form JSON) to corrupt one key of; its keys are the ones to fuzz. */
  body?: () => Record<string, unknown>;
  /** Multipart: the field holding the JSON, and whether files may come along. */
  form?: { field: string; files: string[] };
  query?: string[];
  /** Sent with the X-Session-Id header (cart, orders/mine). */
  session?: boolean;
}

let t: TestContext;
const seeded = {
  productId: 0,
  categoryId: 0,
  orderId: "",
  deliveredOrderId: "",
  cartLineId: 0,
  imageId: "",
  discountId: 0,
  session: randomUUID(),
};
let png: Buffer;
let tables: string[] = [];

const product = () => ({
  name: "Fuzzed Kurta",
  sku: "FZ-1",
  description: "",
  price: "2500",
  category: "casual",
  sizes: ["M"],
  colors: ["Red"],
  inStock: 1,
  featured: 0,
});
const order = () => checkoutPayload([{ productId: seeded.productId }]) as Record<string, unknown>;
const manualOrder = () => {
  const { customerName, customerPhone, customerEmail, shippingAddress, city } = order();
  const items = [{ productId: seeded.productId, size: "M", color: "Red", quantity: 1 }];
  return { customerName, customerPhone, customerEmail, shippingAddress, city, items, source: "whatsapp" };
};

const quote = () => ({
  items: [{ productId: seeded.productId, quantity: 1, size: "M", color: "Red" }],
  city: "Lahore",
  discountCode: "FUZZ10",
  customerPhone: "0300 1234567",
});
const discount = () => ({
  code: "FUZZ-NEW",
  kind: "percent",
  value: 10,
  minSubtotal: 1000,
  startsAt: "2026-01-01T00:00:00Z",
  endsAt: "2027-01-01T00:00:00Z",
  usageLimit: 5,
  perPhoneLimit: 1,
  categories: ["casual"],
  productIds: [seeded.productId],
  active: true,
});

const targets: Target[] = [
  // What the shopper pays (issue 24): the quote, the owner's discounts and fee settings.
  { method: "POST", path: "/api/checkout/quote", body: quote },
  { method: "GET", path: "/api/admin/discounts", admin: true, query: ["x"] },
  { method: "POST", path: "/api/admin/discounts", admin: true, body: discount },
  {
    method: "PATCH",
    path: "/api/admin/discounts/:discountId",
    admin: true,
    body: () => ({ value: 15, code: "FUZZ10" }),
  },
  { method: "DELETE", path: "/api/admin/discounts/:anyId", admin: true },
  { method: "PUT", path: "/api/settings/:feeKey", admin: true, body: () => ({ value: "250" }) },
  { method: "GET", path: "/api/health", query: ["x"] },
  {
    method: "GET",
    path: "/api/products",
    query: ["category", "priceRange", "sizes", "colors", "q", "sort", "limit", "offset", "f"],
  },
  // Attributes and facets (issue 40).
  { method: "GET", path: "/api/products/facets", query: ["category", "priceRange", "q", "f", "x"] },
  {
    method: "POST",
    path: "/api/admin/attributes",
    admin: true,
    body: () => ({ name: "Work", values: ["Embroidered", "Printed"] }),
  },
  {
    method: "PATCH",
    path: "/api/admin/attributes/:attributeId",
    admin: true,
    body: () => ({ name: "Fabric", values: ["Lawn", "Cotton"], renames: { Khaddar: "Cotton" } }),
  },
  { method: "DELETE", path: "/api/admin/attributes/:anyId", admin: true },
  { method: "GET", path: "/api/products/home", query: ["page", "x"] },
  { method: "GET", path: "/api/products/:productId" },
  {
    method: "POST",
    path: "/api/products",
    admin: true,
    body: product,
    form: { field: "productData", files: ["images", "colorImages[Red]", "colorImages[Blue]"] },
  },
  {
    method: "PUT",
    path: "/api/products/:productId",
    admin: true,
    body: product,
    form: { field: "productData", files: ["images", "colorImages[Red]"] },
  },
  { method: "DELETE", path: "/api/products/:anyId", admin: true },
  { method: "GET", path: "/api/categories" },
  {
    method: "POST",
    path: "/api/categories",
    admin: true,
    body: () => ({ name: "Bridal", slug: "bridal", description: "Wedding wear" }),
  },
  {
    method: "PUT",
    path: "/api/categories/:categoryId",
    admin: true,
    body: () => ({ name: "Casual", slug: "casual", description: "" }),
  },
  { method: "DELETE", path: "/api/categories/:anyId", admin: true },
  { method: "GET", path: "/api/settings" },
  { method: "PUT", path: "/api/settings/:settingKey", admin: true, body: () => ({ value: "A new title" }) },
  {
    method: "PUT",
    path: "/api/settings/:settingKey",
    admin: true,
    body: () => ({ value: "A new title" }),
    form: { field: "value", files: ["image"] },
  },
  { method: "GET", path: "/api/cart", query: ["sessionId"], session: true },
  {
    method: "POST",
    path: "/api/cart",
    body: () => ({ productId: seeded.productId, quantity: 1, size: "M", color: "Red", sessionId: seeded.session }),
  },
  { method: "PUT", path: "/api/cart/:cartLineId", body: () => ({ quantity: 2 }), session: true },
  { method: "DELETE", path: "/api/cart/:anyId", session: true },
  { method: "POST", path: "/api/orders", body: order },
  { method: "GET", path: "/api/orders", admin: true, query: ["status", "limit", "offset"] },
  { method: "GET", path: "/api/orders/mine", query: ["sessionId"], session: true },
  { method: "POST", path: "/api/orders/track", body: () => ({ phone: "03001234567", name: "Ayesha", city: "Lahore" }) },
  { method: "GET", path: "/api/orders/:orderId", admin: true },
  { method: "PATCH", path: "/api/orders/:orderId", body: () => ({ status: "cancelled", phone: "03001234567" }) },
  { method: "PATCH", path: "/api/orders/:orderId", admin: true, body: () => ({ status: "processing" }) },
  { method: "GET", path: "/api/reviews/product/:productId" },
  { method: "GET", path: "/api/reviews/product/:productId/rating" },
  {
    method: "POST",
    path: "/api/reviews/validate",
    body: () => ({ customerName: "Ayesha Khan", customerPhone: "03001234567" }),
  },
  {
    method: "POST",
    path: "/api/reviews",
    body: () => ({
      productId: seeded.productId,
      orderId: seeded.deliveredOrderId,
      customerName: "Ayesha Khan",
      customerPhone: "03001234567",
      rating: 5,
      reviewText: "Lovely",
    }),
    form: { field: "reviewData", files: ["images"] },
  },
  { method: "GET", path: "/api/images/:imageId" },
  { method: "GET", path: "/api/images/:imageId/:variant" },
  { method: "POST", path: "/api/admin/login", body: () => ({ username: "owner", password: "not the password" }) },
  { method: "POST", path: "/api/admin/logout", body: () => ({}) },
  { method: "GET", path: "/api/admin/session" },
  { method: "GET", path: "/api/admin/analytics", admin: true, query: ["year", "month"] },
  { method: "GET", path: "/api/admin/customers", admin: true, query: ["x"] },
  { method: "GET", path: "/api/admin/orders.csv", admin: true, query: ["status"] },
  {
    method: "PUT",
    path: "/api/products/:productId",
    admin: true,
    body: () => ({ ...product(), variantStock: [{ size: "M", color: "Red", quantity: 3 }] }),
  },
  { method: "POST", path: "/api/admin/orders", admin: true, body: manualOrder },
  { method: "GET", path: "/api/admin/stock/low", admin: true, query: ["limit", "offset"] },
  { method: "GET", path: "/api/admin/analytics/sources", admin: true, query: ["x"] },
  { method: "GET", path: "/api/orders", admin: true, query: ["confirmation", "risk"] },
  { method: "GET", path: "/api/admin/blocklist", admin: true },
  {
    method: "POST",
    path: "/api/admin/blocklist",
    admin: true,
    body: () => ({ phone: "0300 7654321", reason: "fuzz" }),
  },
  { method: "DELETE", path: "/api/admin/blocklist/:anyId", admin: true },
  { method: "GET", path: "/api/admin/orders/:orderId/messages", admin: true },
  { method: "POST", path: "/api/admin/orders/:orderId/whatsapp/resend", admin: true, body: () => ({}) },
  { method: "GET", path: "/api/admin/whatsapp", admin: true },
  { method: "GET", path: "/api/whatsapp/webhook", query: ["hub.mode", "hub.verify_token", "hub.challenge"] },
  { method: "GET", path: "/api/admin/orders/labels.pdf", admin: true, query: ["ids", "paper"] },
  {
    method: "PATCH",
    path: "/api/admin/orders",
    admin: true,
    body: () => ({ ids: [seeded.orderId], status: "processing" }),
  },
  { method: "POST", path: "/api/admin/orders/book", admin: true, body: () => ({ ids: [seeded.orderId] }) },
  { method: "GET", path: "/api/admin/courier-settings", admin: true },
  {
    method: "PUT",
    path: "/api/admin/courier-settings",
    admin: true,
    // Never a reachable courier: port 9 of loopback refuses at once.
    body: () => ({
      enabled: false,
      baseUrl: "http://127.0.0.1:9/api",
      apiKey: "k",
      apiPassword: "p",
      weightGrams: 500,
    }),
  },
  {
    method: "POST",
    path: "/api/returns",
    body: () => ({
      orderId: seeded.deliveredOrderId,
      phone: "03001234567",
      type: "exchange",
      reason: "Too small",
      items: [{ productId: seeded.productId, size: "M", color: "Red", quantity: 1, exchangeColor: "Blue" }],
    }),
    form: { field: "returnData", files: ["photos"] },
  },
  { method: "GET", path: "/api/admin/returns", admin: true, query: ["status"] },
  { method: "PATCH", path: "/api/admin/returns/:anyId", admin: true, body: () => ({ status: "approved" }) },
];

// ---- generators ----

/** Values that have broken real servers: NUL bytes, numbers past a column's range, look-alikes of ids. */
const nasty = fc.constantFrom(
  "\u0000",
  "a\u0000b",
  "\ud800",
  "9999999999999.99",
  "99999999999999999999",
  "2147483648",
  "1e999",
  "-0",
  "0.001",
  "00000000-0000-0000-0000-000000000000",
  "__proto__",
);
const oddStrings = fc.oneof(
  nasty,
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "NaN",
    "Infinity",
    "null",
    "true",
    "[]",
    "{}",
    "constructor",
    "😀👗",
    "ے پاکستان",
    "<script>alert(1)</script>",
    "'; drop table orders; --",
    "%00",
    "../../etc/passwd",
    " 03001234567 ",
  ),
);
const hugeString = fc
  .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom("x", "é", "😀", "0", " "))
  .map(([n, c]) => c.repeat(n));
const oddNumbers = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  1e-7,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
);
const weird: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: oddStrings, weight: 6 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: oddNumbers, weight: 2 },
  { arbitrary: fc.oneof(fc.integer(), fc.double()), weight: 1 },
  { arbitrary: fc.constantFrom(true, false, null), weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), weight: 1 },
);

/** What goes in the body: a JSON value or raw text that is not JSON. */
type BodyCase = { json: unknown } | { raw: string };

function bodyCases(target: Target): fc.Arbitrary<BodyCase> {
  const base = target.body!;
  const keys = Object.keys(base()).length ? Object.keys(base()) : ["unexpected"];
  const oneKeyWrong = fc
    .record({ key: fc.constantFrom(...keys), value: weird, drop: fc.nat(4).map((n) => n === 0) })
    .map(({ key, value, drop }) => {
      const body = base();
      if (drop) delete body[key];
      else body[key] = value;
      return { json: body };
    });
  const rightKeysWrongTypes = fc
    .record(Object.fromEntries(keys.map((k) => [k, weird])), { requiredKeys: [] })
    .map((json) => ({ json }));
  const anything = fc.jsonValue({ maxDepth: 4 }).map((json) => ({ json }));
  const arrays = fc
    .array(
      fc.constant(0).map(() => base()),
      { maxLength: 3 },
    )
    .map((json) => ({ json }));
  const malformed = fc
    .oneof(
      fc.string({ unit: "binary", maxLength: 60 }),
      fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v).slice(0, -1) + "{"),
      fc.constantFrom("", "{", '{"a":}', "[1,2", '{"__proto__":{"x":1}}', "nul", '"unterminated', '{"a":1}}'),
    )
    .map((raw) => ({ raw }));
  return fc.oneof(
    { arbitrary: oneKeyWrong, weight: 8 },
    { arbitrary: rightKeysWrongTypes, weight: 2 },
    { arbitrary: anything, weight: 2 },
    { arbitrary: arrays, weight: 1 },
    { arbitrary: malformed, weight: 2 },
  );
}

const queryValue = fc.oneof(
  oddStrings,
  fc.string({ maxLength: 30 }),
  oddNumbers.map(String),
  fc.string({ unit: "binary", maxLength: 20 }),
);

function queryStrings(keys: string[]): fc.Arbitrary<string> {
  const built = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), queryValue), { maxLength: 6 })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v);
      return params.toString();
    });
  // Raw strings too: bad percent-escapes, brackets, repeated separators.
  const raw = fc.oneof(
    fc.webQueryParameters(),
    fc.string({ maxLength: 40 }).map((s) => encodeURI(s.replace(/[#\s]/g, "")).replace(/%25/g, "%")),
  );
  return fc.oneof(built, raw);
}

const garbageIds = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    "-1",
    "0",
    "1.5",
    "abc",
    "2147483648",
    "99999999999999999999",
    "1e3",
    "0x10",
    " 1",
    "null",
    "%00",
    "%E0%A4%A",
  ),
  fc.uuid().map(String),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).map(encodeURIComponent),
);

function pathFor(template: string): fc.Arbitrary<string> {
  const real: Record<string, () => string> = {
    productId: () => String(seeded.productId),
    categoryId: () => String(seeded.categoryId),
    orderId: () => seeded.orderId,
    cartLineId: () => String(seeded.cartLineId),
    imageId: () => seeded.imageId,
    settingKey: () => "hero_title",
    discountId: () => String(seeded.discountId),
    attributeId: () => "1",
    feeKey: () => "delivery_fee",
    variant: () => "thumb",
    anyId: () => "987654",
  };
  const names = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const extra: Record<string, fc.Arbitrary<string>> = {
    settingKey: fc.constantFrom(
      "hero_title",
      "hero_subtitle",
      "hero_image",
      "site_name",
      "site_tagline",
      "unknown",
      "__proto__",
    ),
    variant: fc.constantFrom("thumb", "card", "huge", ""),
    feeKey: fc.constantFrom("delivery_fee", "delivery_fee_by_city", "free_delivery_over", "cod_fee"),
  };
  return fc
    .tuple(
      ...names.map((n) =>
        fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: extra[n] ?? garbageIds, weight: 1 }),
      ),
    )
    .map((values) => names.reduce((path, n, i) => path.replace(`:${n}`, values[i] ?? real[n]()), template));
}

const fileCase = fc.record({
  fieldIndex: fc.nat(),
  kind: fc.constantFrom("png", "bytes", "empty"),
  bytes: fc.uint8Array({ maxLength: 300 }),
  name: fc.oneof(
    fc.constantFrom("a.png", "x.jpg", "../../evil.webp", "", "a\u0000.png", "\u0001\u001f.jpg", "\ud800.webp"),
    fc.string({ maxLength: 30 }),
  ),
});

interface RequestCase {
  path: string;
  query: string;
  body?: BodyCase;
  files: { fieldIndex: number; kind: string; bytes: Uint8Array; name: string }[];
  asForm: boolean;
  header: string | null;
}

function requestCases(target: Target): fc.Arbitrary<RequestCase> {
  return fc.record({
    path: pathFor(target.path),
    query: target.query
      ? queryStrings(target.query)
      : fc.oneof({ arbitrary: fc.constant(""), weight: 3 }, { arbitrary: queryStrings(["id"]), weight: 1 }),
    body: target.body ? bodyCases(target) : fc.constant(undefined),
    files: target.form ? fc.array(fileCase, { maxLength: 3 }) : fc.constant([]),
    asForm: target.form ? fc.boolean() : fc.constant(false),
    // Headers can only carry printable ASCII (Node refuses the rest before the app sees it).
    header: fc.oneof(
      fc.constant(null),
      fc.uuid().map(String),
      oddStrings.filter((s) => [...s].every((ch) => ch >= " " && ch <= "~")),
    ),
  }) as fc.Arbitrary<RequestCase>;
}

// ---- sending and checking ----

/**
 * The app sheds load (503) while the event loop lags, which a busy two-core test machine can
 * cause: that is not the handler's answer, so the same request is asked again.
 */
async function steady(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.statusCode !== 503 || res.json().error !== OVERLOAD_MESSAGE || attempt === 5) return res;
    await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
  }
}

let clientNumber = 0;
/** A fresh client address per request, so the throttles never hide what the handler does. */
const nextAddress = () => {
  const n = ++clientNumber;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function send(target: Target, c: RequestCase): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (target.admin) headers.cookie = t.adminCookie;
  if (target.session) headers["x-session-id"] = c.header ?? seeded.session;
  else if (c.header && target.path === "/api/orders") headers["idempotency-key"] = c.header;
  const url = c.query ? `${c.path}?${c.query}` : c.path;
  let payload: string | Buffer | undefined;
  if (c.body && target.form && c.asForm) {
    const text = "json" in c.body ? (JSON.stringify(c.body.json) ?? "") : c.body.raw;
    const files = c.files.map((f) => ({
      field: target.form!.files[f.fieldIndex % target.form!.files.length],
      filename: f.name,
      bytes: f.kind === "png" ? png : f.kind === "empty" ? Buffer.alloc(0) : Buffer.from(f.bytes),
      type: "image/png",
    }));
    const form = await multipart({ [target.form.field]: text }, files);
    payload = form.payload;
    headers["content-type"] = form.headers["content-type"];
  } else if (c.body) {
    payload = "json" in c.body ? (JSON.stringify(c.body.json) ?? "null") : c.body.raw;
    headers["content-type"] = "application/json";
  }
  const remoteAddress = nextAddress();
  return steady(() => t.app.inject({ method: target.method, url, headers, payload, remoteAddress }));
}

/** Row count and checksum of every table: what a refused request must leave as it was. */
async function snapshot(): Promise<Record<string, string>> {
  const query = tables
    .map(
      (name) =>
        `select '${name}' as name, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${name}" x`,
    )
    .join(" union all ");
  const rows = await queryRows<{ name: string; n: number; h: string }>(t.db, sql.raw(query));
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.h}`]));
}

function describeCase(target: Target, c: RequestCase, res: LightMyRequestResponse): string {
  const body = c.body ? JSON.stringify(c.body).slice(0, 500) : "";
  return `${target.method} ${c.path}?${c.query.slice(0, 200)} ${body} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
}

beforeAll(async () => {
  t = await createTestApp();
  const category = await insertCategory(t.db, "casual");
  seeded.categoryId = category.id;
  const { storeImages } = await import("../modules/images/image-service.js");
  png = await makeImage({ seed: 7 });
  const [image] = await storeImages(t.db, [{ filename: "seed.png", bytes: await makeImage({ seed: 8 }) }], 800);
  seeded.imageId = image.id;
  seeded.productId = (
    await insertProduct(t.db, { category: "casual", sizes: ["M"], colors: ["Red", "Blue"], images: [image.id] })
  ).id;
  const post = async (url: string, payload: object) => {
    const res = await steady(() => t.app.inject({ method: "POST", url, payload }));
    if (res.statusCode !== 201) throw new Error(`seeding ${url} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  seeded.orderId = (
    await post("/api/orders", checkoutPayload([{ productId: seeded.productId }], { sessionId: seeded.session }))
  ).id;
  seeded.deliveredOrderId = (await post("/api/orders", checkoutPayload([{ productId: seeded.productId }]))).id;
  await setOrderStatus(t.db, seeded.deliveredOrderId, "delivered");
  const line = { productId: seeded.productId, quantity: 1, size: "M", color: "Red", sessionId: seeded.session };
  seeded.cartLineId = (await post("/api/cart", line)).id;
  const code = await steady(() =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/discounts",
      headers: { cookie: t.adminCookie },
      payload: { code: "FUZZ10", kind: "percent", value: 10 },
    }),
  );
  if (code.statusCode !== 201) throw new Error(`seeding a discount failed: ${code.statusCode} ${code.body}`);
  seeded.discountId = code.json().id;
  const rows = await queryRows<{ tablename: string }>(
    t.db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  // Throttle counts (shared in PostgreSQL) are meant to grow with refused attempts.
  tables = rows.map((r) => r.tablename).filter((name) => name !== "throttle_hits");
});
afterAll(() => t?.close());

describe("every endpoint under generated input", () => {
  const share = Math.floor(TOTAL_RUNS / targets.length);
  targets.forEach((target, i) => {
    const numRuns = share + (i < TOTAL_RUNS - share * targets.length ? 1 : 0);
    const seed = SEED + i;
    it(`${target.method} ${target.path}${target.admin ? " (admin)" : ""}${target.form ? " (multipart)" : ""}: never 5xx, refusals are {error} and write nothing (${numRuns} runs, seed ${seed})`, async () => {
      await fc.assert(
        fc.asyncProperty(requestCases(target), async (c) => {
          const before = await snapshot();
          const res = await send(target, c);
          const what = describeCase(target, c, res);
          if (process.env.FUZZ_LOG) console.log(what.slice(0, 400));
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode < 400) return;
          expect(res.headers["content-type"], what).toMatch(/^application\/json/);
          const body = res.json();
          expect(typeof body.error, what).toBe("string");
          expect(await snapshot(), `stored rows changed after a refusal: ${what}`).toEqual(before);
        }),
        { seed, numRuns, endOnFailure: true },
      );
    });
  });

  it(`sent ${TOTAL_RUNS} generated requests in all`, () => {
    expect(clientNumber).toBe(TOTAL_RUNS);
  });
});
