import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/** What the test renderer lets a test see and do beside rendering. */
export interface RendererProbe {
  /** The URL of each page the server had rendered, in order. */
  renders: string[];
  /** Changes the rendered markup: a renderer that let something through. */
  alterBody?: (body: string) => string;
}

/**
 * A storefront build for server tests, without running Vite's build: a minimal index.html, and as
 * the server renderer the real src/client/entry-server.tsx (vitest compiles it), behind a probe
 * that records each render. Remove the returned folder when done.
 */
export async function testStorefront(): Promise<{ clientDir: string; probe: RendererProbe; remove(): void }> {
  const built = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-"));
  const clientDir = path.join(built, "client");
  fs.mkdirSync(path.join(clientDir, ".vite"), { recursive: true });
  fs.writeFileSync(path.join(clientDir, ".vite/manifest.json"), "{}");
  fs.writeFileSync(
    path.join(clientDir, "index.html"),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width"></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.join(built, "server"));
  const entry = path.join(built, "server/entry-server.js");
  const real = JSON.stringify(path.join(root, "src/client/entry-server.tsx"));
  fs.writeFileSync(
    entry,
    [
      `import * as real from ${real};`,
      "export const probe = { renders: [] };",
      "export const pageUrl = real.pageUrl;",
      "export const pageReads = real.pageReads;",
      "export async function renderPage(input) {",
      "  probe.renders.push(input.url);",
      "  const page = await real.renderPage(input);",
      "  return probe.alterBody ? { ...page, body: probe.alterBody(page.body) } : page;",
      "}",
    ].join("\n"),
  );
  // The same module instance the server imports (plugins/client.ts), so the probe sees its renders.
  const { probe } = (await import(pathToFileURL(entry).href)) as { probe: RendererProbe };
  return { clientDir, probe, remove: () => fs.rmSync(built, { recursive: true, force: true }) };
}
