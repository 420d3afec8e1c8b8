import type { FastifyInstance } from "fastify";
import type { OrderWrite } from "../../order-core/index.js";
import type { InboundMessage } from "../webhook/webhook-payload.js";
import type {} from "../marketing/marketing-queue.js";

/** What another module answers a customer's message with: the order it concerns and the reply's text. */
export interface InboundAnswer {
  orderId: string;
  text: string;
}

/**
 * A module's handling of a customer's message that is not a confirmation's press (a failed
 * delivery's button, the new address that follows): run in the message's own transaction, with
 * the phone the message came from (digits with country code). Null when the message is not its.
 */
export type InboundHandler = (w: OrderWrite, message: InboundMessage, phone: string) => Promise<InboundAnswer | null>;

declare module "fastify" {
  interface FastifyInstance {
    /** Satellites above WhatsApp (couriers) add their handlers here; the webhook asks them in order. */
    whatsappInbound: InboundHandler[];
  }
}

export function registerWhatsappInbound(app: FastifyInstance): void {
  app.decorate("whatsappInbound", []);
  // The sources of marketing templates (marketing/marketing-queue.ts), added the same way.
  app.decorate("whatsappMarketing", []);
}
