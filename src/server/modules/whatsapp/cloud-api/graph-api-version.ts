import { GRAPH_API } from "../../../lib/meta-defaults.js";

/** Whole days from `now` until the version stops working (negative once it has). */
export function daysLeftOnGraphApi(now: Date): number {
  return Math.floor((Date.parse(`${GRAPH_API.availableUntil}T00:00:00Z`) - now.getTime()) / 86_400_000);
}
