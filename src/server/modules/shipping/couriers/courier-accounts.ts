import { COURIER_NAMES, type CourierId } from "@shared/schemas/couriers.js";
import type { Db } from "../../../db/client.js";
import { AppError } from "../../../lib/app-error.js";
import type { SecretBox } from "../../../lib/secret-box.js";
import type { Courier } from "./courier.js";
import { leopardsAccount } from "./courier-settings.js";
import { leopardsClient } from "./leopards-client.js";
import { postexClient } from "./postex-client.js";
import { postexAccount } from "./postex-settings.js";

/** The couriers the owner has connected and switched on, each ready to call. */
export async function enabledCouriers(db: Db, box: SecretBox | null): Promise<Map<CourierId, Courier>> {
  const [leopards, postex] = await Promise.all([leopardsAccount(db, box), postexAccount(db, box)]);
  const couriers = new Map<CourierId, Courier>();
  if (leopards) couriers.set("leopards", leopardsClient(leopards));
  if (postex) couriers.set("postex", postexClient(postex));
  return couriers;
}

/**
 * The courier a booking names, or the only one switched on when it names none. Refused with a
 * message that says what to do: connect one, switch this one on, or choose among several.
 */
export async function courierForBooking(db: Db, box: SecretBox | null, wanted?: CourierId): Promise<Courier> {
  const couriers = await enabledCouriers(db, box);
  if (wanted) {
    const courier = couriers.get(wanted);
    if (!courier)
      throw new AppError(
        "CONFLICT",
        `Connect ${COURIER_NAMES[wanted]} first: Settings → Couriers, with its API credentials, and switch it on`,
      );
    return courier;
  }
  if (couriers.size === 1) return [...couriers.values()][0];
  if (couriers.size === 0)
    throw new AppError("CONFLICT", "Connect Leopards first: Settings → Courier, with your API key and password");
  throw new AppError(
    "VALIDATION",
    `Choose the courier to book with: ${[...couriers.values()].map((c) => c.name).join(" or ")}`,
    { courier: "Choose a courier" },
  );
}
