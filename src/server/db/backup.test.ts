import { execFile, spawn } from "node:child_process";
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

describe("npm run backup", () => {
  /** Runs scripts/backup.ts on `dataDir`; resolves with its exit code and output. */
  const runBackup = (dataDir: string) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
      execFile("npx", ["tsx", "scripts/backup.ts"], { env, timeout: 60_000 }, (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stdout + stderr }),
      );
    });

  it("never signals a process whose PID was merely written into the lock (another host, or a reused PID)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-backup-signal-"));
    // A live process that a SIGUSR2 would kill, named as the lock's holder.
    const bystander = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      for (const holder of [
        { host: "another-host", started: "1" },
        { host: os.hostname(), started: "not this process's start time" },
      ]) {
        fs.writeFileSync(
          path.join(dataDir, "store.lock"),
          JSON.stringify({ pid: bystander.pid, instance: "x", ...holder }),
        );
        await runBackup(dataDir);
        expect(bystander.exitCode).toBeNull();
        expect(bystander.signalCode).toBeNull();
      }
    } finally {
      bystander.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("never signals the process named by a lock of the old PID-only format, and says what to do", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-backup-legacy-"));
    const bystander = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dataDir, "store.lock"), String(bystander.pid));
      const { code, output } = await runBackup(dataDir);
      expect(bystander.exitCode).toBeNull();
      expect(bystander.signalCode).toBeNull();
      expect(code).not.toBe(0);
      expect(output).toMatch(/older format/);
    } finally {
      bystander.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
