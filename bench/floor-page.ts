// The floor of a first visit: the least any store's page can cost in the same browser, profile and
// run. One page with a heading and one picture (a store's largest paint, preloaded from its head),
// no stylesheet, no font, no script, served from 127.0.0.1 by a bare node:http server. What a page
// of ours or a peer's takes beyond this is the page's own doing; this much is Chromium's (a fresh
// profile's start, the navigation's commit, one round trip for the picture) and the emulation's.
// A target below the floor (e.g. LCP at most half a peer's, where the peer is less than twice the
// floor) cannot be met by any page.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FloorPage {
  url: string;
  close(): Promise<void>;
}

/** Serves the floor page with `picture` (the bytes of a store's picture, of `type`) on 127.0.0.1. */
export async function serveFloorPage(picture: Buffer, type: string): Promise<FloorPage> {
  const page =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title>` +
    `<link rel="preload" as="image" href="/picture" fetchpriority="high"></head>` +
    `<body><h1>Lawn suits, cash on delivery</h1>` +
    `<img src="/picture" alt="A lawn suit" width="300" height="400" fetchpriority="high"></body></html>`;
  const server = http.createServer((req, res) => {
    if (req.url === "/picture") {
      res.writeHead(200, { "content-type": type, "content-length": picture.length });
      res.end(picture);
    } else if (req.url === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(page) });
      res.end(page);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
