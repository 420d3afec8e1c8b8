import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCK_STALE_MS, lockDataDir, processSpace, processStart, readLockHolder } from "./lock.js";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-lock-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, "store.lock");
const writeLock = (holder: object) => fs.writeFileSync(lockFile(), JSON.stringify(holder));
/** Sets the lock's heartbeat (its modification time) into the past, as a holder that stopped refreshing it. */
const ageLock = (ms: number) => fs.utimesSync(lockFile(), new Date(Date.now() - ms), new Date(Date.now() - ms));
/** Another container's PID namespace on this boot: its PIDs are not ours to look up. */
const otherSpace = "another-boot/pid:[4026530000]";

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
    writeLock({ pid: 2 ** 22 + 12345, host: os.hostname(), started: "1", instance: "gone", space: processSpace() });
    lockDataDir(dataDir)();
    // The PID came round again in our own namespace: the start time tells the earlier process apart.
    writeLock({
      pid: process.pid,
      host: os.hostname(),
      started: "an earlier start",
      instance: "wrapped",
      space: processSpace(),
    });
    lockDataDir(dataDir)();
    // A restarted container (PID 1 again, in a new namespace): taken over once its heartbeat stopped.
    writeLock({
      pid: process.pid,
      host: os.hostname(),
      started: "an earlier start",
      instance: "restarted",
      space: otherSpace,
    });
    ageLock(LOCK_STALE_MS + 1000);
    const release = lockDataDir(dataDir);
    expect(readLockHolder(dataDir)?.instance).not.toBe("restarted");
    release();
  });

  it("refuses a live twin with our own PID and hostname in another container (both PID 1 on one volume)", () => {
    writeLock({ pid: process.pid, host: os.hostname(), started: "its own start", instance: "twin", space: otherSpace });
    expect(() => lockDataDir(dataDir)).toThrow(/in use by another store server \(process \d+\)/);
    expect(readLockHolder(dataDir)?.instance).toBe("twin");
    // Nor one whose PID, looked up in our namespace, is gone or names another process.
    for (const pid of [2 ** 22 + 12345, process.ppid]) {
      writeLock({ pid, host: os.hostname(), started: "its own start", instance: "twin", space: otherSpace });
      expect(() => lockDataDir(dataDir)).toThrow(/in use by another store server/);
      expect(readLockHolder(dataDir)?.instance).toBe("twin");
    }
  });

  it("refreshes the heartbeat of a lock it holds", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const release = lockDataDir(dataDir);
      ageLock(LOCK_STALE_MS + 1000);
      vi.advanceTimersToNextTimer();
      expect(Date.now() - fs.statSync(lockFile()).mtimeMs).toBeLessThan(LOCK_STALE_MS);
      release();
    } finally {
      vi.useRealTimers();
    }
  });

  it("never takes over while another server holds the take-over guard", () => {
    writeLock({ pid: 2 ** 22 + 12345, host: os.hostname(), started: "1", instance: "gone", space: processSpace() });
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
