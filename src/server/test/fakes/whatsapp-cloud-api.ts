import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GRAPH_API } from "../../lib/meta-defaults.js";

/** One request the fake received, as sent. */
export interface ReceivedMessage {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown> & {
    to?: string;
    recipient?: string;
    type?: string;
    template?: Record<string, unknown>;
  };
  at: number;
  /** Wall-clock time it arrived (ms since the epoch), to compare with an order's created_at. */
  wallAt: number;
  /** The wamid the fake answered with. */
  id: string;
}

/** How the fake answers the next requests: as the Cloud API does, with an error, or not at all. */
export type FakeMode = "ok" | "error500" | "error400" | "hang" | "down";

/**
 * Meta's refusals of a message, as the Cloud API answers them (Meta: "Cloud API error codes"):
 * {error: {message, type, code, error_data: {messaging_product, details}, fbtrace_id}}.
 */
export const META_REFUSALS = {
  131047: {
    message: "(#131047) Re-engagement message",
    details:
      "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
  },
  131026: { message: "(#131026) Message undeliverable", details: "Message undeliverable." },
  130429: {
    message: "(#130429) Rate limit hit",
    details: "Cloud API message throughput has been reached.",
  },
  131056: {
    message: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
    details:
      "Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.",
  },
} as const;
export type MetaRefusal = keyof typeof META_REFUSALS;

/**
 * A local stand-in for the WhatsApp Business Cloud API's messages endpoint
 * (POST /{phone-number-id}/messages), on 127.0.0.1 and a free port. It checks what Meta checks
 * first (a bearer token, messaging_product, a recipient and a known type), answers the
 * documented shapes ({messaging_product, contacts, messages: [{id}]} or {error: {...}}), and
 * records every message it accepted.
 */
export class FakeCloudApi {
  readonly received: ReceivedMessage[] = [];
  /** Requests answered with an error or left hanging, for tests of retries. */
  attempts = 0;
  mode: FakeMode = "ok";
  private server: Server | null = null;
  private hanging = new Set<ServerResponse>();
  private seq = 0;
  private listeners = new Set<() => boolean>();
  /** Refusals for the next messages (to one number, of one type, when given), one each, in order. */
  readonly refusals: { code: MetaRefusal; to?: string; type?: "text" | "template" }[] = [];
  /** Files customers sent, by media id: served by GET /{media-id} and its download url. */
  readonly media = new Map<string, { mimeType: string; bytes: Buffer }>();
  /** Media requests received (GET /{media-id} and the download), with their authorization. */
  readonly mediaRequests: { path: string; authorization: string | undefined }[] = [];

  /** Run (and awaited) after a message is accepted and before the store gets the answer. */
  beforeAnswer: ((body: ReceivedMessage["body"]) => Promise<void>) | null = null;

  constructor(readonly token = "test-token") {}

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}/${GRAPH_API.version}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return this;
  }

  /** Closes the server (and any hanging requests). */
  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves when `count` messages have been accepted in all. */
  waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.received.length < count) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      const timer = setTimeout(
        () => reject(new Error(`the fake got ${this.received.length} of ${count} messages`)),
        timeoutMs,
      );
      if (!check()) this.listeners.add(check);
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    if (this.mode === "down") {
      this.attempts++;
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => this.answer(req, res, chunks));
  }

  private answer(req: IncomingMessage, res: ServerResponse, chunks: Buffer[]): void {
    this.attempts++;
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, message: string, code: number) =>
      answer(status, { error: { message, type: "OAuthException", code, fbtrace_id: "AbCdEfG" } });

    if (this.mode === "hang") {
      this.hanging.add(res);
      return;
    }
    if (this.mode === "error500") return error(500, "An unknown error has occurred.", 1);
    if (req.method === "GET") return this.answerMedia(req, res, error);
    if (req.method !== "POST" || !/^\/v[\d.]+\/\d+\/messages$/.test(req.url ?? ""))
      return error(400, "Unknown path components", 2500);
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return error(401, "Invalid OAuth access token - Cannot parse access token", 190);
    let body: ReceivedMessage["body"];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return error(400, "Invalid parameter", 100);
    }
    // A phone number in `to`, or (Meta's business-scoped user ids) a user id in `recipient` instead.
    const addressed =
      body.to !== undefined
        ? /^\d{8,15}$/.test(String(body.to))
        : /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/.test(String(body.recipient));
    if (this.mode === "error400" || body.messaging_product !== "whatsapp" || !addressed)
      return error(400, "(#100) Invalid parameter", 100);
    if (body.type !== "template" && body.type !== "text") return error(400, "(#100) Invalid parameter", 100);
    if (body.type === "text" && String((body.text as { body?: unknown } | undefined)?.body ?? "").length > 4096)
      return error(400, "(#100) Invalid parameter", 100);
    const n = this.refusals.findIndex(
      (r) =>
        (r.to === undefined || r.to === (body.to ?? body.recipient)) && (r.type === undefined || r.type === body.type),
    );
    if (n >= 0) {
      const refusal = this.refusals.splice(n, 1)[0].code;
      const { message, details } = META_REFUSALS[refusal];
      return answer(400, {
        error: {
          message,
          type: "OAuthException",
          code: refusal,
          error_data: { messaging_product: "whatsapp", details },
          fbtrace_id: "AbCdEfG",
        },
      });
    }

    const id = `wamid.FAKE${String(++this.seq).padStart(6, "0")}${Math.random().toString(36).slice(2, 8)}`;
    this.received.push({
      path: req.url!,
      authorization: req.headers.authorization,
      body,
      at: performance.now(),
      wallAt: Date.now(),
      id,
    });
    for (const listener of this.listeners) if (listener()) this.listeners.delete(listener);
    const accept = () =>
      answer(200, {
        messaging_product: "whatsapp",
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id, ...(body.type === "template" ? { message_status: "accepted" } : {}) }],
      });
    // A test's work between two sends (a unit sold meanwhile) is done before the store hears back.
    if (this.beforeAnswer) void this.beforeAnswer(body).then(accept, accept);
    else accept();
  }

  /**
   * GET /{version}/{media-id} answers the documented {messaging_product, url, mime_type, sha256,
   * file_size, id}; the url (here on the fake, at Meta on lookaside.fbsbx.com) gives the bytes,
   * with the same bearer token.
   */
  private answerMedia(
    req: IncomingMessage,
    res: ServerResponse,
    error: (status: number, message: string, code: number) => void,
  ): void {
    this.mediaRequests.push({ path: req.url ?? "", authorization: req.headers.authorization });
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return error(401, "Invalid OAuth access token - Cannot parse access token", 190);
    const download = /^\/media-download\/([^/?]+)$/.exec(req.url ?? "");
    const lookup = /^\/v[\d.]+\/([^/?]+)$/.exec(req.url ?? "");
    const id = decodeURIComponent((download ?? lookup)?.[1] ?? "");
    const file = this.media.get(id);
    if (!file) return error(404, "(#100) Invalid parameter", 100);
    if (download) {
      res.writeHead(200, { "content-type": file.mimeType, "content-length": file.bytes.length });
      res.end(file.bytes);
      return;
    }
    const { port } = this.server!.address() as AddressInfo;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        messaging_product: "whatsapp",
        url: `http://127.0.0.1:${port}/media-download/${encodeURIComponent(id)}`,
        mime_type: file.mimeType,
        sha256: "c2hhMjU2",
        file_size: file.bytes.length,
        id,
      }),
    );
  }
}
