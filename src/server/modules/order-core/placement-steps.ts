import type { FastifyRequest } from "fastify";
import type { AlsoInsert, OrderPrecondition } from "../../db/statement-parts.js";
import type { Rebooking } from "@shared/schemas/order-edits.js";
import type { Db } from "../../db/client.js";
import type { OrderWrite } from "./order-core.js";
import type { OrderExtras } from "./place-order.js";

/** Who places an order: the network it comes from and the phone numbers it names. */
export interface Placer {
  network: string;
  /** The phone the body claims, read before validation (so even refused attempts count). */
  claimedPhone?: string;
  /** The order's own phone key, once the body is valid. */
  phone: string;
}

/** What the fake-order checks are asked about a new order. */
export interface RiskQuestion {
  phone: string;
  address: string;
  city: string;
  /** What the order costs, in rupees (fees and discount included). */
  totalRs: number;
  /** The network the order comes from; null for a staff member's (not the customer's). */
  networkKey: string | null;
}

/** The fake-order checks' verdict on a new order. */
export interface JudgedRisk {
  risk: OrderExtras["risk"];
  /** A high-risk order waits for an agent: no WhatsApp message, no scarce stock set aside. */
  held: boolean;
  /** The facts the verdict was reached from, checked again by the order's own statement. */
  precondition?: OrderPrecondition;
  /** Once the order is stored: what the phone's and the network's next order will find. */
  placed?(): void;
}

/** The confirmation request a new order starts with, and whether a staff member asked for it. */
export type ConfirmationOnPlacement = Pick<OrderExtras, "confirmationState" | "confirmationByAgent">;

/**
 * The steps of a web order's placement that satellites provide (the order core depends on none of
 * them): wired once, in `modules/order-satellites.ts`.
 */
export interface WebPlacementSteps {
  /** How many orders a network and a phone may place, and try to (modules/orders). */
  throttles: {
    beforeAnything(network: string, claimedPhone: string | undefined): Promise<void>;
    guard(placer: Placer, found?: unknown): Promise<OrderPrecondition | null>;
    countInStatement(placer: Placer): AlsoInsert[];
    placed(placer: Placer): Promise<void>;
    refused(network: string, claimedPhone: string | undefined): Promise<void>;
  };
  /** The fake-order checks (modules/fraud), judged from the facts the statement last `found`. */
  judgeRisk(question: RiskQuestion, found?: Record<string, unknown>): Promise<JudgedRisk>;
  /** The WhatsApp confirmation request (modules/whatsapp). */
  confirmation(held: boolean): ConfirmationOnPlacement;
  /** The shopper's ad cookies, kept for Meta's Purchase event (modules/ads). */
  adContext(request: FastifyRequest): AlsoInsert[];
  now(): Date;
}

/** The steps of an order taken by hand that satellites provide. */
export interface StaffPlacementSteps {
  /** The same blocklist, COD rules and risk as a web order (modules/fraud). */
  judgeRisk(question: RiskQuestion): Promise<OrderExtras["risk"]>;
  /** The WhatsApp confirmation, sent only when the staff member asks (modules/whatsapp). */
  confirmation(): ConfirmationOnPlacement;
}

/** Every placement's satellite steps, by workflow. */
export interface PlacementSteps {
  web: WebPlacementSteps;
  staff: StaffPlacementSteps;
  /** Not a placement: an order's items changed before it ships, priced as a placement would be. */
  itemEdit: ItemEditSteps;
}

/** An order booked with a courier whose items change: the parcel to cancel and book again. */
export interface BookedParcel {
  orderId: string;
  courier: string;
  trackingNumber: string;
}

/**
 * The steps of an item change that satellites provide (order-core/edit-order-items.ts), wired
 * in `modules/order-satellites.ts`. All but `rebook` run in the change's transaction, so a
 * refusal leaves the order as it was.
 */
export interface ItemEditSteps {
  /** The advance's status follows its new amount (modules/advance). */
  settleAdvance(tx: Db, orderId: string): Promise<void>;
  /**
   * The order's courier booking, when it has one that may be cancelled (modules/shipping); a
   * booking entered by hand, or with a courier the store cannot reach, is null.
   */
  bookedParcel(tx: Db, orderId: string): Promise<BookedParcel | null>;
  /**
   * Cancels the parcel at its courier and puts the order back to Ready to Ship without it; a
   * refusal (picked up already) or no answer throws, and the whole change rolls back.
   */
  cancelParcel(w: OrderWrite, parcel: BookedParcel, actor: string): Promise<void>;
  /** After the commit: books the order again with its new cash to collect. */
  rebook(parcel: BookedParcel, actor: string): Promise<Rebooking>;
  /** With WhatsApp on, the customer's `order_updated` message, queued in the transaction. */
  notifyCustomer(tx: Db, orderId: string): Promise<void>;
}
