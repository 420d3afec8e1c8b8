import { formatRs } from "@shared/rules/money.js";

export type RiskLevel = "low" | "medium" | "high";
export interface Risk {
  level: RiskLevel;
  reasons: string[];
}

/** What is known about a new order's phone and network when it is placed. */
export interface OrderFacts {
  /** The phone's earlier orders returned, or cancelled after they had been confirmed. */
  refusedAfterConfirm: number;
  /** The phone's orders still open (pending, processing or shipped). */
  openOrders: number;
  /** Every earlier order of the phone. */
  earlierOrders: number;
  /** Orders from the same network in the last NETWORK_WINDOW_MINUTES. */
  networkRecent: number;
}

/** A first order at or above this total is unusual for the store (Rs.). */
export const UNUSUAL_FIRST_ORDER_RS = 25_000;
export const NETWORK_WINDOW_MINUTES = 60;
/** Orders from one network within the window before the next one is suspect, and clearly so. */
export const NETWORK_MEDIUM = 3;
export const NETWORK_HIGH = 10;
/** Open orders of one phone before another one is suspect. */
export const OPEN_ORDERS_MEDIUM = 2;

// A deliverable address names a house, street or landmark: a number, or one of these words.
const ADDRESS_MARKERS =
  /\d|\b(house|home|h\s*#|street|st|road|rd|lane|gali|mohall?a|block|sector|phase|plot|flat|apartment|apt|floor|building|plaza|tower|colony|town|society|near|opp|opposite|behind|beside|masjid|mosque|chowk|market|bazaar|school|hospital|park|village|chak)\b/i;

export function isVagueAddress(address: string): boolean {
  return !ADDRESS_MARKERS.test(address);
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The order's risk and the reasons for it, as sentences an agent reads. Any strong signal makes
 * it high; so do three weaker ones together.
 */
export function assessRisk(facts: OrderFacts, order: { totalRs: number; address: string }): Risk {
  const high: string[] = [];
  const medium: string[] = [];
  if (facts.refusedAfterConfirm > 0) {
    const line = `This phone has ${plural(facts.refusedAfterConfirm, "earlier order")} returned or cancelled after confirmation`;
    (facts.refusedAfterConfirm >= 2 ? high : medium).push(line);
  }
  if (facts.openOrders >= OPEN_ORDERS_MEDIUM)
    medium.push(`This phone already has ${plural(facts.openOrders, "open order")} not yet delivered`);
  if (facts.earlierOrders === 0 && order.totalRs >= UNUSUAL_FIRST_ORDER_RS)
    medium.push(`First order from this phone, of unusual value (${formatRs(order.totalRs)})`);
  if (isVagueAddress(order.address))
    medium.push("The address may be too vague to deliver: it names no house, street or landmark");
  if (facts.networkRecent >= NETWORK_MEDIUM) {
    const line = `${plural(facts.networkRecent, "other order")} from the same network in the last hour`;
    (facts.networkRecent >= NETWORK_HIGH ? high : medium).push(line);
  }
  const reasons = [...high, ...medium];
  const level: RiskLevel = high.length > 0 || medium.length >= 3 ? "high" : medium.length > 0 ? "medium" : "low";
  return { level, reasons };
}

/**
 * A web order an agent must look at before anything else happens (decision 012): it is not
 * messaged on WhatsApp by itself, and it sets no scarce stock aside.
 */
export const heldForAgent = (risk: Risk): boolean => risk.level === "high";
