/** Error codes shared by the server (mapped to HTTP status) and the client (to read them). */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every error body of the API. */
export interface ApiErrorBody {
  error: string;
  details?: Record<string, string>;
}

export const MESSAGES = {
  invalidImage: (filename: string) =>
    `Invalid file: ${filename}. Only JPEG, PNG, and WebP files under 10MB are allowed.`,
  tooManyImages: "Maximum 5 images allowed",
  invalidLogin: "Invalid username or password",
} as const;
