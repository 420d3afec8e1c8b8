import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_DEFAULTS } from "@shared/constants.js";
import { ALL_SETTING_KEYS } from "@shared/schemas/settings.js";
import { images, settings } from "../../db/schema.js";
import { countRows, makeImage, multipart } from "../../test/factory.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "PUT",
    url: `/api/settings/${key}`,
    payload: payload as object,
    headers: { cookie: t.adminCookie, ...headers },
  });

async function putForm(key: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  const body = await multipart(fields, files);
  return put(key, body.payload, body.headers);
}

async function valueOf(key: string): Promise<unknown> {
  const list = (await t.app.inject({ url: "/api/settings" })).json() as { key: string; value: unknown }[];
  return list.find((s) => s.key === key)?.value;
}

describe("GET /api/settings", () => {
  it("lists every known key with its default when nothing is stored", async () => {
    const res = await t.app.inject({ url: "/api/settings" });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((s: { key: string }) => s.key)).toEqual([...ALL_SETTING_KEYS]);
    expect(list).toContainEqual({ key: "hero_title", value: "Premium Fashion Collection" });
    expect(list).toContainEqual({ key: "hero_image", value: null });
  });
});

describe("PUT /api/settings/:key", () => {
  it("stores a JSON-encoded value sent as a form field, as the spec's client does", async () => {
    const res = await putForm("hero_title", { value: JSON.stringify("Eid Collection 2025") });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ key: "hero_title", value: "Eid Collection 2025" });
    expect(await valueOf("hero_title")).toBe("Eid Collection 2025");
  });

  it("stores a value from a JSON body and restores the default on null", async () => {
    expect((await put("site_tagline", { value: "Lahore to Karachi" })).statusCode).toBe(200);
    expect(await valueOf("site_tagline")).toBe("Lahore to Karachi");
    const reset = await put("site_tagline", { value: null });
    expect(reset.json()).toEqual({ key: "site_tagline", value: SETTING_DEFAULTS.site_tagline });
    expect(await valueOf("site_tagline")).toBe(SETTING_DEFAULTS.site_tagline);
  });

  it("stores an uploaded hero image and returns its image object", async () => {
    const res = await putForm("hero_image", {}, [
      { field: "image", filename: "hero.jpg", bytes: await makeImage({ format: "jpeg", width: 120, height: 120 }) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      url: expect.stringMatching(/^\/api\/images\//),
      filename: "hero.webp",
      mimeType: "image/webp",
    });
    expect(await valueOf("hero_image")).toEqual(value);
    expect((await t.app.inject({ url: value.url })).statusCode).toBe(200);
    // An image object sent back (as the settings page does) is accepted by its id.
    expect((await put("hero_image", { value })).json().value).toEqual(value);
  });

  it("refuses an unknown key with the list of keys", async () => {
    const res = await put("favourite_colour", { value: "pink" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(`Unknown setting; known settings: ${ALL_SETTING_KEYS.join(", ")}`);
  });

  it("refuses a too long or non-text value, a text file as image and an anonymous caller, storing nothing", async () => {
    const before = [await countRows(t.db, settings), await countRows(t.db, images)];
    const long = await put("site_name", { value: "x".repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe("A setting can be at most 500 characters");
    expect((await put("site_name", { value: { nested: true } })).statusCode).toBe(400);
    expect((await put("site_name", { wrong: "shape" })).statusCode).toBe(400);
    const malformed = await put("site_name", "{oops", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    const notImage = await putForm("hero_image", {}, [
      { field: "image", filename: "notes.jpg", bytes: Buffer.from("plain text") },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error).toBe(
      "Invalid file: notes.jpg. Only JPEG, PNG, and WebP files under 10MB are allowed.",
    );
    const imageForText = await putForm("site_name", {}, [
      { field: "image", filename: "a.png", bytes: await makeImage() },
    ]);
    expect(imageForText.statusCode).toBe(400);
    const unknownImage = await put("hero_image", { value: "7f1c1c1c-1c1c-4c1c-8c1c-1c1c1c1c1c1c" });
    expect(unknownImage.statusCode).toBe(400);
    const anon = await t.app.inject({ method: "PUT", url: "/api/settings/site_name", payload: { value: "Hacked" } });
    expect(anon.statusCode).toBe(401);
    expect([await countRows(t.db, settings), await countRows(t.db, images)]).toEqual(before);
    expect(await valueOf("site_name")).toBe(SETTING_DEFAULTS.site_name);
  });
});
