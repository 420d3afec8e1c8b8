import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLockHolder } from "./db/lock.js";

/**
 * The real server as a process: `node --import tsx src/server/main.ts` on PGlite in a temporary
 * data directory (whatever database the test project uses), API only so no client build is
 * needed. Every wait is bounded.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// A fresh PGlite data directory takes tens of seconds to initialise on a busy two-core machine.
const START_TIMEOUT = 90_000;

interface Server {
  child: ChildProcess;
  port: number;
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function startServer(dataDir: string, port: number, extraEnv: Record<string, string> = {}): Server {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    "DATABASE_URL",
    "TEST_DATABASE_URL",
    "NODE_OPTIONS",
    "VITEST",
    "VITEST_WORKER_ID",
    "VITEST_POOL_ID",
  ])
    delete env[key];
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA: "0",
      SERVE_CLIENT: "0",
      SKIP_CLIENT: "1",
      LOG_LEVEL: "warn",
      ADMIN_USERNAME: "owner",
      ADMIN_PASSWORD: "process test password",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, port, exited, output: () => ({ stdout, stderr }) };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms)),
  );
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) });

/** Polls /api/health until it answers 200; fails early if the process dies. */
async function waitUntilHealthy(server: Server): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start-up:\n${server.output().stderr}`);
    try {
      if ((await health(server.port)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy in time:\n${server.output().stderr}`);
}

const started: Server[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGKILL");
});

describe("the server process on a PGlite data directory", () => {
  let dataDir: string;
  let first: Server;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-process-"));
    first = startServer(dataDir, await freePort());
    started.push(first);
    await waitUntilHealthy(first);
  }, START_TIMEOUT + 5_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("answers /api/health with the database it runs on", async () => {
    const res = await health(first.port);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: "pglite" });
    expect(readLockHolder(dataDir)).toMatchObject({ pid: first.child.pid, host: os.hostname() });
  });

  it(
    "refuses a second server on the same data directory while the first keeps serving",
    async () => {
      const second = startServer(dataDir, await freePort());
      started.push(second);
      const { code } = await within(second.exited, START_TIMEOUT, "second server to exit");
      expect(code).not.toBe(0);
      expect(second.output().stderr).toMatch(/data directory .* is in use by another store server/);
      expect((await health(first.port)).status).toBe(200);
      expect(readLockHolder(dataDir)).toMatchObject({ pid: first.child.pid, host: os.hostname() });
    },
    START_TIMEOUT + 10_000,
  );

  it("exits 0 on SIGTERM and gives up its lock on the data directory", async () => {
    first.child.kill("SIGTERM");
    const { code } = await within(first.exited, 15_000, "first server to stop");
    expect(code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "store.lock"))).toBe(false);
  }, 20_000);
});

describe("the server process with a bad configuration", () => {
  it(
    "stops at start-up with a message naming the bad variable",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-process-"));
      try {
        const server = startServer(dataDir, 0, { PORT: "abc" });
        started.push(server);
        const { code } = await within(server.exited, START_TIMEOUT, "misconfigured server to exit");
        expect(code).toBe(1);
        expect(server.output().stderr).toMatch(/Invalid configuration:\s+PORT:/);
        expect(fs.existsSync(path.join(dataDir, "store.lock"))).toBe(false);
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    START_TIMEOUT + 5_000,
  );
});
