import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local stand-in for a shop's picture CDN (issue 41): PNGs of a given colour at any
 * `/<name>.png?c=<hex>` path (or `.jpg`), and paths that fail on purpose: `/missing.jpg` (404),
 * `/not-a-picture.jpg` (text), `/huge.jpg` (larger than any cap), `/hang.jpg` (never answers),
 * `/redirect?to=<url>` (302). Counts the requests per path.
 */
export interface PictureCdn {
  url: string;
  port: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

const COLOURS = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#f39c12", "#16a085", "#d35400"];

export async function startPictureCdn(): Promise<PictureCdn> {
  const hits = new Map<string, number>();
  const hanging = new Set<import("node:http").ServerResponse>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://cdn");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: url.searchParams.get("to") ?? "/" }).end();
    } else if (url.pathname === "/missing.jpg") {
      res.writeHead(404).end("not found");
    } else if (url.pathname === "/not-a-picture.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" }).end("<html>hello</html>");
    } else if (url.pathname === "/huge.jpg") {
      res.writeHead(200, { "content-type": "image/jpeg" });
      res.end(Buffer.alloc(12 * 1024 * 1024, 1));
    } else if (url.pathname === "/hang.jpg") {
      hanging.add(res);
    } else {
      // A colour per name, so different names are different pictures.
      const name = url.pathname;
      let hash = 0;
      for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
      const colour = url.searchParams.get("c") ?? COLOURS[hash % COLOURS.length];
      const png = await sharp({ create: { width: 40 + (hash % 50), height: 60, channels: 3, background: colour } })
        .png()
        .toBuffer();
      res.writeHead(200, { "content-type": "image/png", "content-length": png.length }).end(png);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
