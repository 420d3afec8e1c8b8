import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";

/**
 * A consistent copy of the embedded database: PGlite dumps its data directory as one tarball
 * while it runs no other query. Restore by starting PGlite with `loadDataDir` (README, "Backups").
 */
export async function writeBackup(pglite: PGlite, dataDir: string): Promise<string> {
  const dir = path.join(dataDir, "backups");
  // Customers' names, phones and addresses: readable by the store's own user only.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(dir, `store-${stamp}.tar.gz`);
  const dump = await pglite.dumpDataDir("gzip");
  // PGlite hands the dump over as one Blob; it is streamed to disk rather than copied once more.
  await pipeline(
    Readable.fromWeb(dump.stream() as import("node:stream/web").ReadableStream),
    fs.createWriteStream(`${file}.part`, { mode: 0o600 }),
  );
  fs.renameSync(`${file}.part`, file); // never a half-written backup under the final name
  return file;
}
