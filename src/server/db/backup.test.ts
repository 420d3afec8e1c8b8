import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { writeBackup } from "./backup.js";

describe("writeBackup", () => {
  it("writes a backup only the store's own user can read", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-backup-"));
    const pglite = new PGlite();
    try {
      await pglite.exec("create table t (x int); insert into t values (1);");
      const file = await writeBackup(pglite, dataDir);
      expect(fs.statSync(file).size).toBeGreaterThan(1000);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      expect(fs.statSync(path.dirname(file)).mode & 0o077).toBe(0);
      const restored = new PGlite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
      expect((await restored.query("select x from t")).rows).toEqual([{ x: 1 }]);
      await restored.close();
    } finally {
      await pglite.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
