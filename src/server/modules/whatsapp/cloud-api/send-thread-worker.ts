// The thread that sends confirmation requests to the Cloud API (send-thread.ts starts it): it
// builds each template message (with its signed buttons), makes the HTTP calls and answers what
// became of each, so none of that work runs on the event loop that serves the shop.
import { parentPort } from "node:worker_threads";
import { sendTemplates } from "./cloud-api.js";
import { confirmationMessage } from "../confirmations/templates.js";
import type { SendBatch } from "./send-thread.js";

parentPort!.on("message", async ({ id, config, requests, parallel }: SendBatch) => {
  const messages = requests.map((request) => confirmationMessage(config, request));
  parentPort!.postMessage({ id, outcomes: await sendTemplates(config, messages, parallel) });
});
