import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Builds the storefront as it ships into a new folder: the client and, beside it where the server
 * looks for it, the server renderer. Answers the client's folder.
 */
export function buildStorefront(): string {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bench-client-"));
  const outDir = path.join(buildDir, "client");
  execFileSync("npx", ["vite", "build", "--outDir", outDir, "--logLevel", "warn"], { stdio: "inherit" });
  execFileSync("npx", ["vite", "build", "--ssr", "--outDir", path.join(buildDir, "server"), "--logLevel", "warn"], {
    stdio: "inherit",
  });
  return outDir;
}
