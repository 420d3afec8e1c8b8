import { Worker } from "node:worker_threads";

/**
 * A worker thread running a TypeScript module: the thread registers tsx's loader first
 * (ts-worker-boot.mjs), as the server itself is run (scripts/start.mjs), then imports `entry`.
 * The boot module finds tsx from its own place, whatever the process's working directory.
 */
export function startTsWorker(entry: URL): Worker {
  return new Worker(new URL("./ts-worker-boot.mjs", import.meta.url), { workerData: { tsEntry: entry.href } });
}
