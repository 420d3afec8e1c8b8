import type { ApiErrorBody } from "@shared/errors.js";

/** A non-success response. `message` follows the spec ('404: …'); `userMessage` is what to show a person. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
    bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
  }

  get userMessage(): string {
    return this.body?.error ?? "Something went wrong. Please check your connection and try again.";
  }

  get details(): Record<string, string> {
    return this.body?.details ?? {};
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON (a JSON content type only when there is a body, as the spec says). */
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Every call of the app goes through here: credentials included, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const res = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body,
    credentials: "include",
    signal: options.signal,
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) throw new ApiError(res.status, (parsed as ApiErrorBody) ?? null, text || res.statusText);
  return parsed as T;
}

/** The message to show for any error thrown by a call. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error instanceof ApiError) return error.userMessage;
  if (error instanceof TypeError) return "No connection to the store. Check your internet and try again.";
  return fallback;
}
