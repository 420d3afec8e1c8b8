// A worker thread's first module (see ts-worker.ts): registers tsx's loader in this thread, as
// scripts/start.mjs does for the server, then runs the TypeScript module it was started for.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.tsEntry);
