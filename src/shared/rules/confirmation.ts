/** Where an order's WhatsApp confirmation stands (CONTRACT.md, "Confirming orders on WhatsApp"). */
export const CONFIRMATION_STATES = [
  "off",
  "queued",
  "sent",
  "delivered",
  "read",
  "confirmed",
  "cancelled",
  "failed",
  "expired",
  // Waiting for an agent, not messaged automatically: a high-risk order, or a phone number that
  // already got its confirmation requests for the day (CONTRACT.md, "Guarding the shop's number").
  "held",
] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

/** The request went out (or is about to) and the customer has not answered: expiry and the inbound match look here. */
export const AWAITING_ANSWER = [
  "queued",
  "sent",
  "delivered",
  "read",
  "failed",
] as const satisfies readonly ConfirmationState[];

/** The request reached WhatsApp and no answer came: a reminder may follow. */
export const REQUEST_SENT = ["sent", "delivered", "read"] as const satisfies readonly ConfirmationState[];
