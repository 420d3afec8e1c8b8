import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sendText } from "../cloud-api/cloud-api.js";
import type { WhatsappConfig } from "../whatsapp-config.js";
import { readDailyCount } from "./daily-limit.js";
import { drainMarketing, MARKETING } from "./marketing-queue.js";
import { OPT_OUT_REPLY, SEND_OPT_OUT_REPLY } from "./opt-out.js";

/**
 * Marketing on the shop's number (decision 041): the queue that sends it (registered after the
 * confirmations', so drained after them), the answer to a STOP, and the daily count the admin sees.
 */
export async function whatsappMarketingRoutes(app: FastifyInstance): Promise<void> {
  const config: WhatsappConfig | undefined = app.config.whatsapp;
  if (config) {
    app.jobs.registerQueue(MARKETING, (limit) => drainMarketing(app, config, limit));
    app.jobs.register(SEND_OPT_OUT_REPLY, async (payload) => {
      const to = String(payload.to);
      const id = await sendText(config, to, OPT_OUT_REPLY, false);
      const now = app.clock.now().toISOString();
      await app.db.execute(sql`
        insert into whatsapp_messages (direction, kind, wa_message_id, state, body, phone, created_at, updated_at)
        values ('out', 'reply', ${id}, 'sent', ${OPT_OUT_REPLY}, ${to}, ${now}::timestamptz, ${now}::timestamptz)
        on conflict do nothing`);
    });
  }

  app.get("/api/admin/whatsapp/daily-limit", { config: { access: "agent" } }, () =>
    readDailyCount(app.db, app.clock.now()),
  );
}
