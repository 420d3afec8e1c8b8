import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The real server as a process (`node --import tsx src/server/main.ts`), API only, on a loopback port. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const ADMIN = { username: "owner", password: "stress test password" };

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export function startServer(dataDir: string, port: number, extraEnv: NodeJS.ProcessEnv = {}): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The test runner's own settings must not leak in (a DATABASE_URL would bypass the data dir).
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
      LOG_LEVEL: "silent",
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, port, base: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
}

/** Polls /api/health until it answers 200; fails early if the process dies, or after `timeoutMs`. */
export async function waitUntilHealthy(server: ServerProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited during start-up:\n${server.stderr()}`);
    try {
      const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${server.stderr()}`);
}

/** SIGKILL, and wait (bounded) until the process is really gone. */
export async function kill(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  await Promise.race([
    server.exited,
    new Promise((_, reject) => setTimeout(() => reject(new Error("server did not die")), 10_000)),
  ]);
}

/** Logs in as the admin; the session cookie for admin calls. */
export async function adminCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
