import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import { request } from "undici";
import type { Db } from "../../../db/client.js";
import { AppError } from "../../../lib/app-error.js";
import type { WhatsappConfig } from "../whatsapp-config.js";

/** Meta keeps a customer's media for about 30 days; past that the download fails with this. */
const GONE =
  "WhatsApp no longer has this file (Meta keeps customers' media for about 30 days), or it could not be fetched";

/** GET /{media-id}'s answer (Meta: "Retrieve media URL"). */
interface MediaInfo {
  url?: string;
  mime_type?: string;
  file_size?: number;
}

/**
 * A customer's photo, voice note or file, for staff: the message's media id is looked up on the
 * Cloud API's media endpoint (GET /{media-id} → {url, mime_type, …}) and that url is fetched with
 * the same token (Meta: "Media"), and streamed through. The token never reaches the browser.
 */
export async function streamMedia(db: Db, config: WhatsappConfig, messageId: number, reply: FastifyReply) {
  const [message] = (
    (await db.execute(sql`select media_id, media_type, kind from whatsapp_messages
      where id = ${messageId} and media_id is not null`)) as unknown as {
      rows: { media_id: string; media_type: string | null; kind: string }[];
    }
  ).rows;
  if (!message) throw new AppError("NOT_FOUND", "That message has no file");
  const auth = { authorization: `Bearer ${config.token}` };
  const timeout = config.requestTimeoutMs ?? 15_000;
  const options = { headers: auth, headersTimeout: timeout, bodyTimeout: timeout };
  let info: MediaInfo | null = null;
  try {
    const res = await request(`${config.apiUrl}/${encodeURIComponent(message.media_id)}`, options);
    if (res.statusCode === 200) info = (await res.body.json()) as MediaInfo;
    else await res.body.dump();
  } catch {
    info = null;
  }
  if (!info?.url) throw new AppError("UNAVAILABLE", GONE);
  const file = await request(info.url, options).catch(() => null);
  if (!file || file.statusCode !== 200) {
    await file?.body.dump();
    throw new AppError("UNAVAILABLE", GONE);
  }
  const type = info.mime_type ?? message.media_type ?? "application/octet-stream";
  const extension =
    type
      .split("/")[1]
      ?.split(";")[0]
      ?.replace(/[^a-z0-9]/gi, "") || "bin";
  return reply
    .header("content-type", type)
    .header("content-disposition", `attachment; filename="whatsapp-${message.kind}-${messageId}.${extension}"`)
    .header("cache-control", "private, no-store")
    .header("x-content-type-options", "nosniff")
    .send(file.body);
}
