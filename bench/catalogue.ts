// Benchmarks 1 and 2: catalogue read throughput next to a bare node:http server returning the
// same bytes, and the served product list next to the spec's design (every image inlined as base64).
import http from "node:http";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { openPglite } from "../src/server/db/client.js";
import { seedCatalogue } from "./catalogue-fixture.js";
import { listen, load, ratio, rows, writeResult } from "./support.js";

const HEADERS = { "accept-encoding": "br, gzip" };

export async function benchCatalogue(seconds = 10) {
  const database = await openPglite();
  await database.migrate();
  await seedCatalogue(database, 200);
  const { app, url } = await listen(database);

  // The exact bytes and headers the store serves, for the bare server to repeat.
  const sample = await fetch(`${url}/api/products`, { headers: HEADERS });
  const served = Buffer.from(await sample.arrayBuffer());
  interface Img {
    id: string;
    filename: string;
    mimeType: string;
  }
  const products = JSON.parse(served.toString()) as { images: Img[]; colorVariantImages: Record<string, Img[]> }[];
  const raw = await app.inject({ url: "/api/products", headers: HEADERS });
  const wire = raw.rawPayload;
  const wireEncoding = String(raw.headers["content-encoding"] ?? "identity");

  await load({ url: `${url}/api/products`, headers: HEADERS, duration: 2 }); // warm-up
  const store = await load({ url: `${url}/api/products`, headers: HEADERS, duration: seconds });

  const bare = http.createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      ...(wireEncoding !== "identity" ? { "content-encoding": wireEncoding } : {}),
      "content-length": wire.length,
    });
    res.end(wire);
  });
  await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
  const barePort = (bare.address() as { port: number }).port;
  await load({ url: `http://127.0.0.1:${barePort}/`, headers: HEADERS, duration: 2 });
  const reference = await load({ url: `http://127.0.0.1:${barePort}/`, headers: HEADERS, duration: seconds });
  bare.close();

  // The spec's design: each image object carried its bytes as a base64 data URL.
  const imageRows = await rows<{ id: string; mime_type: string; bytes: Buffer | Uint8Array }>(
    database,
    sql`select id, mime_type, bytes from images`,
  );
  const dataUrls = new Map(
    imageRows.map((r) => [r.id, `data:${r.mime_type};base64,${Buffer.from(r.bytes).toString("base64")}`]),
  );
  const inline = (img: { id: string; filename: string; mimeType: string }) => ({
    id: img.id,
    data: dataUrls.get(img.id),
    filename: img.filename,
    mimeType: img.mimeType,
  });
  const inlined = Buffer.from(
    JSON.stringify(
      products.map((p) => ({
        ...p,
        images: p.images.map(inline),
        colorVariantImages: Object.fromEntries(
          Object.entries(p.colorVariantImages).map(([c, list]) => [c, list.map(inline)]),
        ),
      })),
    ),
  );
  const inlinedGzip = zlib.gzipSync(inlined).length;

  await app.close();
  await database.close();

  const result = {
    throughput: {
      endpoint: "GET /api/products (200 products), 50 connections, loopback",
      seconds,
      store,
      bareNodeHttp: reference,
      rpsRatio: ratio(store.requestsPerSecond, reference.requestsPerSecond),
      p99RatioStoreOverBare: ratio(store.p99Ms || 1, reference.p99Ms || 1),
      target: "rpsRatio >= 0.5",
    },
    payload: {
      products: products.length,
      servedBytes: wire.length,
      servedEncoding: wireEncoding,
      uncompressedBytes: served.length,
      inlinedBase64Bytes: inlined.length,
      inlinedBase64GzipBytes: inlinedGzip,
      timesSmallerThanInlined: Math.round(inlined.length / wire.length),
      timesSmallerThanInlinedGzip: Math.round(inlinedGzip / wire.length),
      target: "timesSmallerThanInlined >= 100",
    },
  };
  writeResult("catalogue", result);
  return result;
}
