import { ERROR_STATUS, type ErrorCode } from "@shared/errors.js";

/** The one error type of the server: a code (mapped to HTTP status) and a message a person can read. */
export class AppError extends Error {
  /** More of the answer's body beside `error` (a 409's current state, say); a client may ignore it. */
  extra?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const conflict = (message: string) => new AppError("CONFLICT", message);
export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError("VALIDATION", message, details);
