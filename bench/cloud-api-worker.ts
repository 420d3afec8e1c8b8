// The local Cloud API fake in a worker thread of its own, for the order benchmark: Meta's servers
// are not on the store's machine, so the fake's HTTP and JSON work must not share the app's event
// loop (as the benchmark's clients do not). It still shares the machine's cores.
import { parentPort } from "node:worker_threads";
import { FakeCloudApi } from "../src/server/test/fakes/whatsapp-cloud-api.js";

const fake = await new FakeCloudApi().start();
parentPort!.on("message", async (ask: "count" | "received" | "stop") => {
  if (ask === "count")
    parentPort!.postMessage({ count: fake.received.length, lastAt: fake.received.at(-1)?.wallAt ?? 0 });
  if (ask === "received")
    parentPort!.postMessage({ received: fake.received.map((m) => ({ body: m.body, wallAt: m.wallAt })) });
  if (ask === "stop") {
    await fake.stop();
    parentPort!.postMessage({ stopped: true });
  }
});
parentPort!.postMessage({ url: fake.url });
