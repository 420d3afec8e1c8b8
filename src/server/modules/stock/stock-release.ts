import { sqlState } from "../../db/errors.js";
import { AppError } from "../../lib/app-error.js";

/**
 * Stock goes back by itself when an order moves into a releasing status (migration 0005's
 * trigger). Moving it out again takes the units again; when they are no longer there the
 * trigger refuses with check_violation and the change is not made.
 */
export async function refuseShortStock<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (err) {
    if (sqlState(err) !== "23514") throw err;
    throw new AppError(
      "CONFLICT",
      "Not enough stock is left to reopen this order; restock its items (Products) or take a new order",
    );
  }
}
