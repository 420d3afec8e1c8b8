// npm start: builds the storefront once if there is no build yet, then runs the server in this
// same process (so signals reach it directly).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { register } from "tsx/esm/api";

if (!fs.existsSync("dist/client/index.html") || !fs.existsSync("dist/server/entry-server.js")) {
  console.log("No client build yet: building the storefront and its server renderer (once)…");
  for (const args of [
    ["vite", "build"],
    ["vite", "build", "--ssr"],
  ]) {
    const result = spawnSync("npx", args, { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
register();
await import("../src/server/main.ts");
