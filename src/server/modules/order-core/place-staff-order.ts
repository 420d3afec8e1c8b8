import type { NewOrder } from "@shared/schemas/orders.js";
import type { manualOrderInput } from "@shared/schemas/stock.js";
import type { z } from "zod";
import type { OrderCore } from "./order-core.js";
import { placeOrder } from "./place-order.js";
import type { StaffPlacementSteps } from "./placement-steps.js";

/**
 * POST /api/admin/orders: an order a staff member takes from WhatsApp, Instagram, Facebook or the
 * phone, in the steps it takes. Priced and stock taken exactly as a web order, by the same
 * statement; judged by the same blocklist, COD rules and risk, from no network (the staff
 * member's is not the customer's, so it is not counted); confirmed on WhatsApp only when the
 * staff member asks; its timeline names the staff member. Nothing sets units aside per phone or
 * network: staff orders are the shop's own.
 */
export async function placeStaffOrder(
  core: OrderCore,
  steps: StaffPlacementSteps,
  input: z.output<typeof manualOrderInput>,
  actor: string,
): Promise<NewOrder> {
  const { items, source, status, notifyCustomer, ...customer } = input;
  const { order } = await placeOrder(
    core,
    {
      ...customer,
      items: items.map((item) => ({ ...item, selectedImage: null })),
      paymentMethod: "cod",
      sessionId: null,
    },
    {
      source,
      status,
      actor,
      extrasFor: async (totalPaisa) => {
        const risk = await steps.judgeRisk({
          phone: customer.customerPhone,
          address: customer.shippingAddress,
          city: customer.city,
          totalRs: totalPaisa / 100,
          networkKey: null,
        });
        const confirmation = notifyCustomer ? steps.confirmation() : {};
        return { networkKey: null, risk, confirmationState: "off", ...confirmation };
      },
    },
  );
  return order;
}
