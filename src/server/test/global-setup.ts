import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** A fresh PGlite costs seconds: migrate one template per run; each test file loads a copy. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-template-"));
  const file = path.join(dir, "template.tar");
  const database = await openPglite();
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir("none");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
