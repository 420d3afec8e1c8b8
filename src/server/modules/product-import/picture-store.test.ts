import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPictureCdn, type PictureCdn } from "../../test/fakes/picture-cdn.js";
import { createTestApp, type TestContext } from "../../test/test-app.js";
import { PICTURE_FETCH_DEFAULTS } from "./fetch-picture.js";
import { fetchPictures } from "./picture-store.js";
import { FetchAllowance, isPublicAddress } from "./public-address.js";

let t: TestContext;
let cdn: PictureCdn;
beforeAll(async () => {
  t = await createTestApp();
  cdn = await startPictureCdn();
});
afterAll(async () => {
  await cdn.close();
  await t.close();
});

const allowed = () => ({ ...PICTURE_FETCH_DEFAULTS, allowance: new FetchAllowance(`127.0.0.1:${cdn.port}`) });

describe("fetching an import's pictures", () => {
  it("fetches each address once into the store's images and fetches nothing the second time", async () => {
    const urls = [`${cdn.url}/a.png`, `${cdn.url}/b.png`, `${cdn.url}/a.png`];
    const first = await fetchPictures(t.db, urls, allowed());
    expect(first.failed).toEqual([]);
    expect(first.fetched).toBe(2);
    expect(cdn.hits.get("/a.png")).toBe(1);
    const id = first.imageIds.get(`${cdn.url}/a.png`)!;
    const image = await t.app.inject({ method: "GET", url: `/api/images/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");

    const again = await fetchPictures(t.db, urls, allowed());
    expect(again.fetched).toBe(0);
    expect(again.imageIds.get(`${cdn.url}/a.png`)).toBe(id);
    expect(cdn.hits.get("/a.png")).toBe(1);
  });

  it("takes the store's own picture addresses as they are, fetching nothing", async () => {
    const [own] = (await fetchPictures(t.db, [`${cdn.url}/own.png`], allowed())).imageIds.values();
    const exported = `https://shop.example.pk/api/images/${own}`;
    const result = await fetchPictures(t.db, [exported], {
      ...PICTURE_FETCH_DEFAULTS,
      allowance: new FetchAllowance(""),
    });
    expect(result).toMatchObject({ fetched: 0, failed: [] });
    expect(result.imageIds.get(exported)).toBe(own);
  });

  it("reports a picture that fails, with why, and keeps the others", async () => {
    const urls = [`${cdn.url}/c.png`, `${cdn.url}/missing.jpg`, `${cdn.url}/not-a-picture.jpg`, `${cdn.url}/huge.jpg`];
    const result = await fetchPictures(t.db, urls, allowed());
    expect(result.fetched).toBe(1);
    expect(result.failed.map((f) => f.url)).toEqual(urls.slice(1));
    expect(result.failed[0].message).toMatch(/missing\.jpg was not fetched: the server answered 404/);
    expect(result.failed[2].message).toMatch(/larger than 10 MB/);
  });

  it("gives up on a picture that does not arrive in time", async () => {
    const result = await fetchPictures(t.db, [`${cdn.url}/hang.jpg`], { ...allowed(), timeoutMs: 300 });
    expect(result.failed[0].message).toMatch(/no answer in time/);
  });

  it("never fetches from the store's own machine or network, also after a redirect", async () => {
    const none = { ...PICTURE_FETCH_DEFAULTS, allowance: new FetchAllowance("") };
    const direct = await fetchPictures(
      t.db,
      [`${cdn.url}/d.png`, "http://localhost:9/x.png", "http://[::1]/x.png"],
      none,
    );
    expect(direct.failed.map((f) => f.message)).toEqual([
      expect.stringMatching(/not public/),
      expect.stringMatching(/not public/),
      expect.stringMatching(/not public/),
    ]);
    expect(cdn.hits.get("/d.png")).toBeUndefined();
    // The CDN is allowed, the address it redirects to is not (another name for this machine).
    const hop = `${cdn.url}/redirect?to=${encodeURIComponent(`http://localhost:${cdn.port}/e.png`)}`;
    const redirected = await fetchPictures(t.db, [hop], allowed());
    expect(redirected.failed[0].message).toMatch(/not public/);
    expect(cdn.hits.get("/e.png")).toBeUndefined();
  });
});

describe("public addresses", () => {
  it("tells public addresses from private, loopback, link-local and mapped ones", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700::1111"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "224.0.0.1",
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it("allows a host on every port, or one port of it", () => {
    const allowance = new FetchAllowance(" images.shop.pk , 127.0.0.1:8080,[::1]:81");
    expect(allowance.allows(new URL("https://IMAGES.shop.pk:9443/a.jpg"))).toBe(true);
    expect(allowance.allows(new URL("http://127.0.0.1:8080/a.jpg"))).toBe(true);
    expect(allowance.allows(new URL("http://127.0.0.1:8081/a.jpg"))).toBe(false);
    expect(allowance.allows(new URL("http://[::1]:81/a.jpg"))).toBe(true);
    expect(allowance.allows(new URL("http://localhost:8080/a.jpg"))).toBe(false);
  });
});
