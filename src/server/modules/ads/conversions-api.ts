import { Agent, request, type Dispatcher } from "undici";
import type { MetaAdsConfig } from "./ads-config.js";

/**
 * One server event as Meta's "Server Event Parameters" and "Customer Information Parameters"
 * name its fields. Contact information is hashed before it gets here (user-data.ts).
 */
export interface ServerEvent {
  event_name: string;
  /** Unix seconds, GMT. */
  event_time: number;
  event_id: string;
  action_source: "website";
  event_source_url?: string;
  user_data: {
    ph?: string[];
    em?: string[];
    fbp?: string;
    fbc?: string;
    client_user_agent?: string;
    external_id?: string[];
  };
  custom_data: Record<string, unknown>;
}

/** A call that did not end with Meta's `events_received`: why, and whether a later try can work. */
export class ConversionsApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; null when Meta could not be reached or did not answer in time. */
    readonly status: number | null,
    /** Graph API `error.code` (100, 190, 4…), when Meta answered with one. */
    readonly code: number | null,
    readonly retry: boolean,
    readonly fbtraceId: string | null = null,
  ) {
    super(message);
  }
}

/**
 * Graph API error codes that pass with time or with the owner's fix (Meta: "Graph API error
 * handling"): 1 and 2 (unknown, temporarily unavailable), 4, 17, 32, 613 (rate limits), 190 (the
 * token expired or was replaced: retried until the owner sets a new one, or the event is 7 days
 * old), 200 (a permission the owner can grant). Anything else Meta refuses (100: invalid
 * parameter) would be refused again and is recorded as failed.
 */
const PASSING = new Set([1, 2, 4, 17, 32, 190, 200, 341, 368, 613]);

const agents = new Map<number, Agent>();
function agentFor(timeout: number): Agent {
  let agent = agents.get(timeout);
  if (!agent) {
    agent = new Agent({ connect: { timeout }, headersTimeout: timeout, bodyTimeout: timeout });
    agents.set(timeout, agent);
  }
  return agent;
}

/**
 * POST {META_API_URL}/{META_PIXEL_ID}/events with `data` (the events) and `access_token`, as Meta's
 * "Using the Conversions API" shows it; answers Meta's `fbtrace_id`. Meta recommends a 1,500 ms
 * time-out: a time-out is retried, and Meta counts an event sent twice once (same event_id and
 * event_name).
 */
export async function sendServerEvents(
  config: MetaAdsConfig & { capiToken: string },
  events: ServerEvent[],
): Promise<{ eventsReceived: number; fbtraceId: string | null }> {
  let res: Dispatcher.ResponseData;
  try {
    res = await request(`${config.apiUrl}/${config.pixelId}/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        data: events,
        access_token: config.capiToken,
        ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}),
      }),
      dispatcher: agentFor(config.requestTimeoutMs ?? 1_500),
    });
  } catch (err) {
    const code = (err as { code?: string } | null)?.code ?? "";
    const timedOut = code.startsWith("UND_ERR_") && code.endsWith("TIMEOUT");
    throw new ConversionsApiError(
      `Meta's Conversions API ${timedOut ? "did not answer in time" : "could not be reached"}`,
      null,
      null,
      true,
    );
  }
  const answer = (await res.body.json().catch(() => null)) as {
    events_received?: number;
    fbtrace_id?: string;
    error?: { message?: string; code?: number; error_user_msg?: string; fbtrace_id?: string };
  } | null;
  if (res.statusCode >= 200 && res.statusCode < 300 && typeof answer?.events_received === "number")
    return { eventsReceived: answer.events_received, fbtraceId: answer.fbtrace_id ?? null };
  const code = answer?.error?.code ?? null;
  const words = answer?.error?.error_user_msg ?? answer?.error?.message;
  const retry = res.statusCode >= 500 || res.statusCode === 429 || (code !== null && PASSING.has(code));
  throw new ConversionsApiError(
    `Meta answered ${res.statusCode}${code !== null ? ` (error ${code})` : ""}${words ? `: ${words}` : ""}`,
    res.statusCode,
    code,
    retry,
    answer?.error?.fbtrace_id ?? null,
  );
}
