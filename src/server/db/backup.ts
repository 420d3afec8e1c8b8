import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A consistent copy of the embedded database: PGlite dumps its data directory as one tarball
 * while it runs no other query. Restore by starting PGlite with `loadDataDir` (README, "Backups").
 */
export async function writeBackup(pglite: PGlite, dataDir: string): Promise<string> {
  const dir = path.join(dataDir, "backups");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `store-${stamp}.tar.gz`);
  const dump = await pglite.dumpDataDir("gzip");
  fs.writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(`${file}.part`, file); // never a half-written backup under the final name
  return file;
}
