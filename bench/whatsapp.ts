// The WhatsApp webhook and inbox (issue 23): a burst of 2,000 signed inbound messages (all stored
// once, p99 of the answers, and how fast they were handled after the answers), and the
// conversations list at 100,000 messages.
import { sql } from "drizzle-orm";
import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { openPglite, type Database } from "../src/server/db/client.js";
import "../src/server/modules/whatsapp/webhook/webhook-inbox.js";
import { webhookSignature } from "../src/server/modules/whatsapp/webhook/webhook-signature.js";
import { testWhatsappConfig } from "../src/server/test/fakes/whatsapp-config.js";
import { textMessage } from "../src/server/test/fakes/whatsapp-webhooks.js";
import { adminCookie, listen, onFreshPostgres, rows, writeResult } from "./support.js";

const BURST = 2_000;
const IN_FLIGHT = 50;
const LIST_MESSAGES = 100_000;

/**
 * Meta's side of the burst, in a worker thread: Meta's servers are not on the store's machine, so
 * the senders' HTTP work must not share the app's event loop (as in the orders bench). Each of
 * IN_FLIGHT senders posts the next delivery once its last one is answered. The app is just started
 * (its own code cold), the senders' connections are not.
 */
const SENDERS = `
  const { parentPort, workerData } = require("node:worker_threads");
  const { url, signed, inFlight } = workerData;
  const latencies = [], order = [];
  let next = 0, failed = 0;
  const sender = async () => {
    while (next < signed.length) {
      const { body, signature } = signed[next++];
      const t0 = performance.now();
      const res = await fetch(url + "/api/whatsapp/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature },
        body,
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
      const ms = performance.now() - t0;
      latencies.push(ms);
      order.push({ at: t0 - started, ms });
    }
  };
  // Meta's senders are long-running, with their connections open: each of ours opens its
  // connection (and the HTTP client's code warms up) before the clock starts.
  const connect = () => fetch(url + "/api/health").then((res) => res.arrayBuffer());
  let started;
  Promise.all(Array.from({ length: inFlight }, connect))
    .then(() => {
      started = performance.now();
      return Promise.all(Array.from({ length: inFlight }, sender));
    })
    .then(() => parentPort.postMessage({ latencies, order, failed, seconds: (performance.now() - started) / 1000 }));
`;

export async function sendBurst(url: string, signed: { body: string; signature: string }[]) {
  const worker = new Worker(SENDERS, { eval: true, workerData: { url, signed, inFlight: IN_FLIGHT } });
  const [result] = (await once(worker, "message")) as [
    { latencies: number[]; order: { at: number; ms: number }[]; failed: number; seconds: number },
  ];
  await worker.terminate();
  return result;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function benchOn(database: Database) {
  const config = testWhatsappConfig();
  const { app, url } = await listen(database, undefined, { whatsapp: config });
  const bodies = Array.from({ length: BURST }, (_, n) =>
    JSON.stringify(textMessage({ phone: `92300${String(1_000_000 + (n % 400))}` }, `Question ${n}`, `wamid.BENCH${n}`)),
  );
  const signed = bodies.map((body) => ({ body, signature: webhookSignature(config.appSecret, body) }));
  const started = performance.now();
  const { latencies, order, failed, seconds } = await sendBurst(url, signed);
  // Meta was answered as each delivery was recorded; the handling runs just after. Wait for it.
  for (;;) {
    await app.whatsappWebhooks.handleNow();
    const [{ left }] = await rows<{ left: number }>(
      database,
      sql`select count(*)::int as left from whatsapp_webhook_inbox where attempts = 0`,
    );
    if (left === 0) break;
  }
  const handledSeconds = (performance.now() - started) / 1000;
  const [{ stored }] = await rows<{ stored: number }>(
    database,
    sql`select count(*)::int as stored from whatsapp_messages where wa_message_id like 'wamid.BENCH%'`,
  );
  latencies.sort((a, b) => a - b);
  // Where the slow answers fall: the first second of the burst (cold code) or later.
  const later = order
    .filter((o) => o.at >= 1000)
    .map((o) => o.ms)
    .sort((a, b) => a - b);

  // 100,000 messages across 5,000 customers, then the inbox's list.
  await database.db.execute(sql`
    insert into whatsapp_messages (direction, kind, state, body, phone, wa_message_id, sent_at)
    select case when n % 3 = 0 then 'out' else 'in' end, 'text', 'received', 'Message ' || n,
      '92301' || lpad((n % 5000)::text, 7, '0'), 'wamid.LIST' || n, now() - (n || ' seconds')::interval
    from generate_series(1, ${LIST_MESSAGES}) n`);
  const cookie = await adminCookie(url);
  const times: number[] = [];
  for (let n = 0; n < 30; n++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/admin/whatsapp/conversations`, { headers: { cookie } });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  await app.close();
  return {
    burst: {
      messages: BURST,
      stored,
      failed,
      perSecond: Math.round(BURST / seconds),
      handledPerSecond: Math.round(BURST / handledSeconds),
      p50Ms: Math.round(percentile(latencies, 0.5)),
      p95Ms: Math.round(percentile(latencies, 0.95)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
      p99AfterFirstSecondMs: Math.round(percentile(later, 0.99)),
      referenceP99Ms: 200,
    },
    conversationsList: {
      messages: LIST_MESSAGES + BURST,
      medianMs: Math.round(percentile(times, 0.5) * 10) / 10,
      p95Ms: Math.round(percentile(times, 0.95) * 10) / 10,
      referenceMs: 50,
    },
  };
}

export async function benchWhatsapp() {
  const pglite = await openPglite();
  await pglite.migrate();
  const onPglite = await benchOn(pglite);
  await pglite.close();
  const onPostgres = await onFreshPostgres(async (database) => {
    await database.migrate();
    return benchOn(database);
  });
  const result = { pglite: onPglite, postgres: onPostgres };
  writeResult("whatsapp", result);
  return result;
}
