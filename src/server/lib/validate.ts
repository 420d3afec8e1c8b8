import type { z } from "zod";
import { uuidParam } from "@shared/schemas/common.js";
import { AppError } from "./app-error.js";

/**
 * Parses input with a shared zod schema. On failure: 400 with the first message as `error`
 * and one message per field in `details` (the spec's field messages).
 */
export function parse<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  const unstorable = findUnstorableText(input);
  if (unstorable !== null) {
    const field = unstorable || "body";
    throw new AppError("VALIDATION", `${unstorable || "Request body"}: ${UNSTORABLE_TEXT}`, {
      [field]: UNSTORABLE_TEXT,
    });
  }
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const details: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    details[field] ??= issue.message;
  }
  const first = result.error.issues[0];
  const message =
    first.message.startsWith("Invalid input") || first.message.startsWith("Expected")
      ? `${first.path.join(".") || "Request body"}: ${first.message}`
      : first.message;
  throw new AppError("VALIDATION", message, details);
}

const UNSTORABLE_TEXT = "Text cannot contain NUL characters or broken Unicode";
// A NUL byte, or half of a UTF-16 surrogate pair: PostgreSQL refuses both (text and jsonb), which
// would otherwise surface as a 500 from deep inside a query.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this matches
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path ('' for the root) of the first string or key that PostgreSQL cannot store, else null. */
function findUnstorableText(value: unknown, path = "", depth = 0): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : null;
  if (value === null || typeof value !== "object" || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at;
    const found = findUnstorableText(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
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

/**
 * A route's `:id` as a lowercase UUID. A malformed id names nothing, so it answers as an unknown
 * one would (`notFound`), never a 400 that tells the two apart.
 */
export function idParam(params: unknown, notFound: () => AppError): string {
  const parsed = uuidParam.safeParse(params);
  if (!parsed.success) throw notFound();
  return parsed.data.id.toLowerCase();
}
