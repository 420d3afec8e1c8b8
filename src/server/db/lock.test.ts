import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lockDataDir, processStart, readLockHolder } from "./lock.js";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-lock-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, "store.lock");
const writeLock = (holder: object) => fs.writeFileSync(lockFile(), JSON.stringify(holder));

describe("the data-directory lock", () => {
  it("records host, PID, start time and instance, readable only by its owner, and removes it on release", () => {
    const release = lockDataDir(dataDir);
    expect(readLockHolder(dataDir)).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(fs.statSync(lockFile()).mode & 0o077).toBe(0);
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  it("refuses a lock holding our own PID on another host, as two containers (both PID 1) on one volume", () => {
    writeLock({ pid: process.pid, host: "another-container", started: "1", instance: "abc" });
    expect(() => lockDataDir(dataDir)).toThrow(
      /in use by another store server \(process \d+ on host another-container\)/,
    );
    expect(readLockHolder(dataDir)?.host).toBe("another-container");
  });

  it("refuses a live process on this host, and a second lock from this same process", () => {
    const release = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/in use by another store server/);
    release();
    writeLock({ pid: process.ppid, host: os.hostname(), started: processStart(process.ppid), instance: "parent" });
    expect(() => lockDataDir(dataDir)).toThrow(/in use by another store server \(process \d+\)/);
  });

  it("takes over the lock of a process that is gone, or of an earlier start of this same PID", () => {
    writeLock({ pid: 2 ** 22 + 12345, host: os.hostname(), started: "1", instance: "gone" });
    lockDataDir(dataDir)();
    writeLock({ pid: process.pid, host: os.hostname(), started: "an earlier start", instance: "restarted" });
    const release = lockDataDir(dataDir);
    expect(readLockHolder(dataDir)?.instance).not.toBe("restarted");
    release();
  });

  it("never takes over while another server holds the take-over guard", () => {
    writeLock({ pid: 2 ** 22 + 12345, host: os.hostname(), started: "1", instance: "gone" });
    fs.writeFileSync(`${lockFile()}.takeover`, "");
    expect(() => lockDataDir(dataDir)).toThrow(/Could not lock the data directory/);
    expect(readLockHolder(dataDir)?.instance).toBe("gone");
  });

  it("leaves a lock another server took over when the old holder releases", () => {
    const release = lockDataDir(dataDir);
    writeLock({ pid: 1, host: "elsewhere", started: "1", instance: "newer" });
    release();
    expect(readLockHolder(dataDir)?.instance).toBe("newer");
  });
});
