import { CloudApiError } from "./cloud-api.js";

/**
 * Meta's refusals an agent may meet, in words (Meta: "Cloud API error codes"). `retry` says
 * whether sending the same message later can work: a rate limit passes, a closed window or a
 * number not on WhatsApp does not.
 */
const KNOWN: Record<number, { words: string; retry: boolean }> = {
  131047: {
    words:
      "More than 24 hours have passed since the customer last wrote, so WhatsApp only allows a template message now. Resend the confirmation template instead.",
    retry: false,
  },
  131026: {
    words:
      "WhatsApp could not deliver to this number: it may not be on WhatsApp, or the customer has not accepted WhatsApp's latest terms. Call the customer instead.",
    retry: false,
  },
  131051: { words: "WhatsApp does not support this kind of message.", retry: false },
  131008: { words: "WhatsApp says the message is missing something it needs.", retry: false },
  100: { words: "WhatsApp refused the message as malformed (invalid parameter).", retry: false },
  190: {
    words: "The WhatsApp access token has expired or is wrong; the owner must set a new WHATSAPP_TOKEN.",
    retry: false,
  },
  130429: { words: "WhatsApp's rate limit was hit; the reply is sent again in a moment.", retry: true },
  131056: {
    words: "Too many messages to this customer in a short time; the reply is sent again in a moment.",
    retry: true,
  },
  131048: {
    words: "WhatsApp has limited this number's messages as possible spam; wait before writing again.",
    retry: false,
  },
};

/** Why a send failed, in words an agent can act on, and whether trying again can help. */
export function describeSendError(error: unknown): { words: string; retry: boolean } {
  if (!(error instanceof CloudApiError)) return { words: "The message could not be sent.", retry: true };
  const known = error.code !== null ? KNOWN[error.code] : undefined;
  if (known) return { words: `${known.words} (WhatsApp error ${error.code})`, retry: known.retry };
  if (error.ambiguous)
    return {
      words:
        "WhatsApp did not answer in time, so the reply may or may not have arrived; it is not sent again. Check the chat before writing again.",
      retry: false,
    };
  if (error.status === null)
    return { words: "WhatsApp could not be reached; the reply is sent again shortly.", retry: true };
  if (error.status >= 500) return { words: "WhatsApp had a problem; the reply is sent again shortly.", retry: true };
  return { words: error.message, retry: false };
}
