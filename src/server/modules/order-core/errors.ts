import { AppError } from "../../lib/app-error.js";

/** An unknown order, or a malformed id that names none: the same 404 either way. */
export const orderNotFound = () => new AppError("NOT_FOUND", "Order not found");
