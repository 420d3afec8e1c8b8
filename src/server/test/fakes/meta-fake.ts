import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GRAPH_API } from "../../lib/meta-defaults.js";
import type { MetaAdsConfig } from "../../modules/ads/ads-config.js";

/** One event the fake accepted, with the request it came in. */
export interface ReceivedEvent {
  path: string;
  accessToken: unknown;
  testEventCode: unknown;
  event: {
    event_name: string;
    event_time: number;
    event_id: string;
    action_source: string;
    event_source_url?: string;
    user_data: Record<string, unknown>;
    custom_data: Record<string, unknown>;
  };
}

/** A hit of the pixel (the fake pixel script's image request to /tr). */
export interface PixelHit {
  id: string;
  ev: string;
  eid: string;
  cd: Record<string, unknown>;
}

/**
 * Meta's refusals as the Graph API answers them (Meta: "Graph API error handling"):
 * {error: {message, type, code, error_subcode?, error_user_title?, error_user_msg?, fbtrace_id}}.
 */
export const META_ERRORS = {
  /** An unexpected error on Meta's side; retry later. */
  unknown: {
    status: 500,
    body: {
      message: "An unexpected error has occurred. Please retry your request later.",
      type: "OAuthException",
      code: 2,
      is_transient: true,
    },
  },
  /** Application request limit reached. */
  rateLimit: {
    status: 400,
    body: { message: "(#4) Application request limit reached", type: "OAuthException", code: 4, is_transient: true },
  },
  /** The token is wrong or expired. */
  badToken: {
    status: 401,
    body: { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190 },
  },
  /** A parameter Meta will not take. */
  invalid: {
    status: 400,
    body: {
      message: "Invalid parameter",
      type: "OAuthException",
      code: 100,
      error_user_title: "Invalid parameter",
      error_user_msg: "A parameter of this event is not valid.",
    },
  },
} as const;
export type MetaErrorName = keyof typeof META_ERRORS;

export type MetaFakeMode = "ok" | "hang" | "down" | MetaErrorName;

const WEEK_S = 7 * 24 * 60 * 60;

/**
 * A local stand-in for Meta on 127.0.0.1: the Conversions API's `POST /{version}/{pixel-id}/events`
 * (checking `access_token`, `data` and what Meta requires of each event, refusing the whole request
 * when an event_time is more than 7 days old, answering `{events_received, messages, fbtrace_id}`),
 * and a pixel script (`/fbevents.js`) that works Meta's `fbq` queue, sets an `_fbp` cookie as the
 * pixel does, and reports each event to `/tr` (recorded in `pixelHits`).
 */
export class FakeMeta {
  readonly received: ReceivedEvent[] = [];
  readonly pixelHits: PixelHit[] = [];
  /** Every request to the events endpoint, accepted or not. */
  attempts = 0;
  mode: MetaFakeMode = "ok";
  /** Errors for the next requests, one each, before the mode applies. */
  readonly refusals: MetaErrorName[] = [];
  /** The event_time's reference: Meta's "now" (tests move the store's clock). */
  now = () => Date.now();
  private server: Server | null = null;
  private hanging = new Set<ServerResponse>();

  constructor(
    readonly pixelId = "1234567890123",
    readonly token = "fake-capi-token",
  ) {}

  get origin(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  get apiUrl(): string {
    return `${this.origin}/${GRAPH_API.version}`;
  }

  get pixelScriptUrl(): string {
    return `${this.origin}/fbevents.js`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  eventsOf(orderId: string): ReceivedEvent[] {
    return this.received.filter((r) => r.event.event_id === orderId || r.event.event_id.startsWith(`${orderId}.`));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/fbevents.js") return this.script(res);
    if (req.method === "GET" && url.pathname === "/tr") return this.pixelHit(url, res);
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
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const fail = (name: MetaErrorName, extra: Record<string, unknown> = {}) =>
      send(META_ERRORS[name].status, { error: { ...META_ERRORS[name].body, ...extra, fbtrace_id: "AFakeTrace" } });
    if (this.mode === "hang") {
      this.hanging.add(res);
      return;
    }
    const refusal = this.refusals.shift();
    if (refusal) return fail(refusal);
    if (this.mode !== "ok" && this.mode !== "down") return fail(this.mode);
    const path = new RegExp(`^/v[\\d.]+/${this.pixelId}/events$`);
    if (req.method !== "POST" || !path.test(req.url ?? ""))
      return send(400, {
        error: { message: "Unknown path components", type: "OAuthException", code: 2500, fbtrace_id: "AFakeTrace" },
      });
    let body: { data?: unknown; access_token?: unknown; test_event_code?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return fail("invalid");
    }
    if (body.access_token !== this.token) return fail("badToken");
    if (!Array.isArray(body.data) || body.data.length === 0 || body.data.length > 1000) return fail("invalid");
    const events = body.data as ReceivedEvent["event"][];
    const nowS = Math.floor(this.now() / 1000);
    for (const e of events) {
      if (!e.event_name || typeof e.event_time !== "number" || !e.action_source || !e.user_data) return fail("invalid");
      // Website events need the page and the browser (Meta: "Parameters").
      if (e.action_source === "website" && (!e.event_source_url || !e.user_data.client_user_agent))
        return fail("invalid");
      if (e.event_time < nowS - WEEK_S)
        return fail("invalid", {
          error_user_title: "Event Timestamp Too Old",
          error_user_msg:
            "The timestamp for this event is too far in the past. Events need to be sent from your server within 7 days of when they occurred.",
        });
    }
    for (const event of events)
      this.received.push({
        path: req.url!,
        accessToken: body.access_token,
        testEventCode: body.test_event_code,
        event,
      });
    send(200, { events_received: events.length, messages: [], fbtrace_id: "AFakeTrace" });
  }

  private pixelHit(url: URL, res: ServerResponse): void {
    let cd: Record<string, unknown> = {};
    try {
      cd = JSON.parse(url.searchParams.get("cd") ?? "{}");
    } catch {
      // recorded without its data
    }
    this.pixelHits.push({
      id: url.searchParams.get("id") ?? "",
      ev: url.searchParams.get("ev") ?? "",
      eid: url.searchParams.get("eid") ?? "",
      cd,
    });
    // A 1×1 GIF, as the pixel's image request gets.
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    res.writeHead(200, { "content-type": "image/gif", "cache-control": "no-store" });
    res.end(gif);
  }

  /** The fake pixel: takes over the `fbq` stub's queue, as Meta's script does. */
  private script(res: ServerResponse): void {
    const origin = this.origin;
    const js = `(function () {
  var f = window.fbq;
  if (!f) return;
  var pixel = "";
  if (!/(^|; )_fbp=/.test(document.cookie))
    document.cookie = "_fbp=fb.1." + Date.now() + "." + Math.floor(Math.random() * 1e10) + "; path=/; SameSite=Lax";
  function call(method, a, b, c) {
    if (method === "init") { pixel = String(a); return; }
    if (method !== "track" && method !== "trackCustom") return;
    var q = "id=" + encodeURIComponent(pixel) + "&ev=" + encodeURIComponent(a) +
      "&eid=" + encodeURIComponent((c && c.eventID) || "") + "&cd=" + encodeURIComponent(JSON.stringify(b || {}));
    new Image().src = ${JSON.stringify(origin)} + "/tr?" + q;
  }
  f.callMethod = function () { call.apply(null, arguments); };
  var queued = f.queue || [];
  f.queue = [];
  for (var i = 0; i < queued.length; i++) call.apply(null, queued[i]);
})();`;
    res.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" });
    res.end(js);
  }
}

/** The store's Meta settings pointing at a fake (pixel script and Conversions API). */
export function testMetaAdsConfig(fake: FakeMeta, overrides: Partial<MetaAdsConfig> = {}): MetaAdsConfig {
  return {
    pixelId: fake.pixelId,
    capiToken: fake.token,
    apiUrl: fake.apiUrl,
    pixelScriptUrl: fake.pixelScriptUrl,
    deliveryEvents: false,
    requestTimeoutMs: 1_000,
    ...overrides,
  };
}
