import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium, MANUAL_INSTALL_HELP } from "./chromium.js";

declare module "vitest" {
  export interface ProvidedContext {
    clientDir: string;
  }
}

/**
 * Builds the storefront and its server renderer once per run into their own folder (parallel
 * runs never share a build): client/ and, beside it where the server looks, server/.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // `npm test` installs one first (scripts/ensure-chromium.ts); a bare `vitest` run may not have.
  if (!findChromium()) throw new Error(MANUAL_INSTALL_HELP);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-client-"));
  const clientDir = path.join(outDir, "client");
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = (args: string[]) =>
    execFileSync("npx", ["vite", "build", ...args, "--logLevel", "warn"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  build(["--outDir", clientDir]);
  build(["--ssr", "--outDir", path.join(outDir, "server")]);
  project.provide("clientDir", clientDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
