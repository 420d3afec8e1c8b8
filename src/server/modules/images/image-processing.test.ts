import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { makeImage } from "../../test/factory.js";
import { MAX_INPUT_PIXELS, processImage } from "./image-processing.js";

describe("processImage", () => {
  it("refuses an image whose canvas is larger than 40 megapixels, from its header", async () => {
    const width = 8200;
    const height = Math.ceil(MAX_INPUT_PIXELS / width) + 10;
    const bomb = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024); // a small file…
    await expect(processImage(bomb, "bomb.png", 1920)).rejects.toMatchObject({ code: "VALIDATION" }); // …refused
  }, 60_000);

  it("refuses files that are not JPEG, PNG or WebP by their first bytes, before any decoder runs", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const bytes of [gif, svg])
      await expect(processImage(bytes, "x", 800)).rejects.toMatchObject({ code: "VALIDATION" });
  });

  it("accepts an ordinary PNG", async () => {
    const image = await processImage(await makeImage(), "ok.png", 800);
    expect(image.mimeType).toBe("image/webp");
  });
});
