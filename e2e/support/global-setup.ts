import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    clientDir: string;
  }
}

/** Builds the storefront once per run into its own folder (parallel runs never share a build). */
export default async function setup(project: TestProject): Promise<() => void> {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromium)) {
    throw new Error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-client-"));
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  execFileSync("npx", ["vite", "build", "--outDir", outDir, "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  project.provide("clientDir", outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
