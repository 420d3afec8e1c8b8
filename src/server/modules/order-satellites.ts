import type { FastifyInstance } from "fastify";
import type { PlacementSteps } from "./order-core/index.js";
import { adContextOnPlacement } from "./ads/index.js";
import { checkPlacement, guardPlacement, heldForAgent } from "./fraud/index.js";
import { PlacementThrottles } from "./orders/index.js";
import { confirmationOnPlacement } from "./whatsapp/index.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The satellites' steps of each placement workflow (order-core/placement-steps.ts). */
    placementSteps: PlacementSteps;
  }
}

/**
 * What the satellites add to an order's placement, in one place: the order core's workflows
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
  });
}
