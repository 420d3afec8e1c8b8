import { AppError } from "../../lib/app-error.js";
import { idParam } from "../../lib/validate.js";

/** An unknown order, or a malformed id that names none: the same 404 either way. */
export const orderNotFound = () => new AppError("NOT_FOUND", "Order not found");

/** An order route's `:id`: a malformed one is the same 404 as an unknown order. */
export const orderIdParam = (params: unknown): string => idParam(params, orderNotFound);
