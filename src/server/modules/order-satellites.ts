import type { FastifyInstance } from "fastify";
import type { PlacementSteps } from "./order-core/index.js";
import { adContextOnPlacement, conversionsApiOf, recordMetaEvents, recordedMetaEvents } from "./ads/index.js";
import { gateShipping, settleAdvanceAfterEdit } from "./advance/index.js";
import { checkPlacement, guardPlacement, heldForAgent } from "./fraud/index.js";
import { PlacementThrottles } from "./orders/index.js";
import { summarizeDeliveries } from "./remittances/index.js";
import { bookedParcel, cancelParcelForEdit, queueShippedMessages, rebookAfterEdit } from "./shipping/index.js";
import { announceStockChange } from "./stock/index.js";
import { confirmationOnPlacement, queueOrderUpdated } from "./whatsapp/index.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The satellites' steps of each placement workflow (order-core/placement-steps.ts). */
    placementSteps: PlacementSteps;
  }
}

/**
 * What the satellites add to an order's life, in one place: the steps of its placement (here)
 * and the listeners of every change to it (`registerOrderListeners`, below).
 *
 * The placement: the order core's workflows
 * (placeWebOrder, placeStaffOrder) name their steps, and this wires each step to the module that
 * decides it, so the core imports none of them.
 */
export function registerPlacementSteps(app: FastifyInstance): void {
  const throttles = new PlacementThrottles(app.throttleStore);
  app.decorate<PlacementSteps>("placementSteps", {
    web: {
      throttles,
      judgeRisk: async (question, found) => {
        const guard = await guardPlacement(app.db, question, found);
        return { ...guard, held: heldForAgent(guard.risk), placed: () => guard.placed() };
      },
      confirmation: (held) => confirmationOnPlacement(app.config.whatsapp, { heldForAgent: held }),
      adContext: (request) => adContextOnPlacement(app, request),
      now: () => app.clock.now(),
    },
    staff: {
      judgeRisk: (question) => checkPlacement(app.db, question),
      confirmation: () => confirmationOnPlacement(app.config.whatsapp, "staff"),
    },
    itemEdit: {
      settleAdvance: settleAdvanceAfterEdit, // advance: its status follows the new amount
      bookedParcel, // shipping: a booked parcel is cancelled and booked again
      cancelParcel: (w, parcel, actor) => cancelParcelForEdit(app, w, parcel, actor),
      rebook: (parcel, actor) =>
        rebookAfterEdit(
          { core: app.orderCore, db: app.db, secrets: app.secrets, whatsapp: !!app.config.whatsapp },
          parcel,
          actor,
        ),
      notifyCustomer: async (tx, orderId) => {
        if (app.config.whatsapp) await queueOrderUpdated(tx, orderId); // whatsapp: order_updated
      },
    },
  });
}

/**
 * Every listener of an order's life (decision 017), in one place. A transition listener runs in
 * the transaction of every status change, and one that throws rolls the change back; a changed
 * listener runs once the change is committed, and its failure is logged, never thrown. Runs once
 * the modules have registered (the live queue, the catalogue cache and the job runner exist).
 */
export function registerOrderListeners(app: FastifyInstance): void {
  const core = app.orderCore;
  const whatsapp = app.config.whatsapp;
  const capi = conversionsApiOf(app.config.metaAds);

  // In the transaction of every status change:
  core.onTransition(gateShipping); // advance: nothing ships or is delivered while its advance is owed
  core.onTransition(summarizeDeliveries); // remittances: what each courier owes, per week and day
  if (whatsapp) core.onTransition(queueShippedMessages); // shipping: the customer hears it shipped
  if (capi) core.onTransition((tx, changes) => recordMetaEvents(tx, changes, capi, app.clock.now())); // ads

  // Once committed:
  core.onChanged(() => app.orderEvents.publish()); // order-events: the agents' live queue
  core.onChanged((event) => announceStockChange(app, event.stockLowest)); // stock: the catalogue's counts
  if (whatsapp) core.onChanged(() => app.jobs.wake()); // whatsapp: a queued message goes out now
  if (capi) core.onChanged((event) => (recordedMetaEvents(event.changes, capi) ? app.jobs.wake() : undefined)); // ads
}
