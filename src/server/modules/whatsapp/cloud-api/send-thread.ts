import type { Worker } from "node:worker_threads";
import { startTsWorker } from "../../../lib/ts-worker.js";
import { CloudApiError, type SendOutcome } from "./cloud-api.js";
import type { ConfirmationRequest } from "../confirmations/templates.js";
import type { WhatsappConfig } from "../whatsapp-config.js";

/** A batch of confirmation requests handed to the sending thread. */
export interface SendBatch {
  id: number;
  config: WhatsappConfig;
  requests: ConfirmationRequest[];
  /** Calls in flight at once. */
  parallel: number;
}

interface Pending {
  resolve: (outcomes: SendOutcome[]) => void;
  reject: (error: Error) => void;
}

/**
 * Sends confirmation requests from a worker thread of its own (decision 029): the HTTP calls, the
 * JSON of each message and the HMAC of its buttons cost the event loop more than everything else a
 * message needs, and a burst of them would slow the shop's own requests. The thread starts at the
 * first batch; if it stops, the batches under way fail (and are retried) and the next batch starts
 * a new one.
 */
export class SendThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private readonly underWay = new Set<Promise<SendOutcome[]>>();
  private seq = 0;
  private closed = false;

  /** Sends each request; answers its message id, or the CloudApiError that says why it was not sent. */
  async send(
    config: WhatsappConfig,
    requests: ConfirmationRequest[],
    parallel: number,
  ): Promise<(string | CloudApiError)[]> {
    if (requests.length === 0) return [];
    if (this.closed) throw new CloudApiError("The store is stopping; the message is sent after the restart", null);
    const worker = this.worker ?? this.start();
    const id = ++this.seq;
    const sent = new Promise<SendOutcome[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, config, requests, parallel } satisfies SendBatch);
    });
    this.underWay.add(sent);
    try {
      const outcomes = await sent;
      return outcomes.map((o) => ("id" in o ? o.id : new CloudApiError(o.error, o.status)));
    } finally {
      this.underWay.delete(sent);
    }
  }

  /** Waits for the batches under way, then stops the thread. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.underWay);
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startTsWorker(new URL("./send-thread-worker.ts", import.meta.url));
    worker.unref();
    worker.on("message", ({ id, outcomes }: { id: number; outcomes: SendOutcome[] }) => {
      const pending = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      pending?.resolve(outcomes);
    });
    const stopped = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
    };
    worker.on("error", (err) => stopped(new CloudApiError(`The sending thread failed: ${err.message}`, null)));
    worker.on("exit", () => stopped(new CloudApiError("The sending thread stopped", null)));
    this.worker = worker;
    return worker;
  }
}
