import type { z } from "zod";
import { AppError } from "./app-error.js";

/**
 * Parses input with a shared zod schema. On failure: 400 with the first message as `error`
 * and one message per field in `details` (the spec's field messages).
 */
export function parse<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    details[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  const message = first.message.startsWith("Invalid input") || first.message.startsWith("Expected")
    ? `${first.path.join(".") || "Request body"}: ${first.message}`
    : first.message;
  throw new AppError("VALIDATION", message, details);
}

/** Parses a multipart text field that holds JSON. */
export function parseJsonField<S extends z.ZodTypeAny>(schema: S, raw: string | undefined, field: string): z.output<S> {
  if (raw === undefined) throw new AppError("VALIDATION", `The '${field}' field is missing`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError("VALIDATION", `The '${field}' field is not valid JSON`);
  }
  return parse(schema, value);
}
