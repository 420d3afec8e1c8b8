import type { FastifyRequest } from "fastify";
import { MESSAGES } from "@shared/errors.js";
import { AppError } from "./app-error.js";

export interface MultipartFile {
  fieldname: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: MultipartFile[];
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this matches
const UNSAFE_FILENAME = /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export interface MultipartLimits {
  files?: number;
  fileSize?: number;
  fields?: number;
  parts?: number;
}

export interface ReadMultipartOptions {
  /** Tighter limits for this route than the app-wide ones set in app.ts. */
  limits?: MultipartLimits;
  /**
   * Called when the first file arrives, with the fields read so far: a route checks the form's
   * data and the caller's right here, so a refused request never has its files read.
   */
  beforeFiles?: (fields: Record<string, string>) => Promise<void>;
}

const LIMIT_CODES = new Set(["FST_FILES_LIMIT", "FST_PARTS_LIMIT", "FST_FIELDS_LIMIT"]);

/**
 * Reads a whole multipart form into memory (bounded by the limits set in app.ts or given here).
 * On an upload route (`config: { upload: true }`) the request holds no place in flight while the
 * form arrives: its early checks run in a place of their own, and it takes one for good once the
 * form has all arrived (503 when none is free). A form arriving too slowly is cut off with 408.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions = {},
): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This call expects a multipart form (multipart/form-data)");
  const beforeFiles =
    options.beforeFiles && ((fields: Record<string, string>) => request.withPlace(() => options.beforeFiles!(fields)));
  const form = await request.whileArriving(readParts(request, options.limits, beforeFiles));
  request.bodyArrived();
  return form;
}

async function readParts(
  request: FastifyRequest,
  limits: MultipartLimits | undefined,
  beforeFiles: ((fields: Record<string, string>) => Promise<void>) | undefined,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: [] };
  let checked = !beforeFiles;
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      if (part.type === "file") {
        if (!checked) {
          checked = true;
          await beforeFiles!(form.fields);
        }
        // Control characters and broken Unicode cannot be stored (PostgreSQL) nor shown; sliced
        // first, so the cut cannot split an emoji in two.
        const filename = (part.filename || "upload").slice(0, 200).replace(UNSAFE_FILENAME, "") || "upload";
        try {
          form.files.push({ fieldname: part.fieldname, filename, bytes: await part.toBuffer() });
        } catch (err) {
          if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
            throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.invalidImage(filename));
          throw err;
        }
      } else {
        form.fields[part.fieldname] = String(part.value ?? "");
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new AppError("VALIDATION", MESSAGES.tooManyImages);
    if (code && LIMIT_CODES.has(code))
      throw new AppError("PAYLOAD_TOO_LARGE", "This form has more parts than this call accepts");
    throw err;
  }
  if (!checked) await beforeFiles!(form.fields);
  return form;
}

/** Files of one field, refusing more than `max` with the spec's message. */
export function filesOf(form: MultipartForm, fieldname: string, max = 5): MultipartFile[] {
  const files = form.files.filter((f) => f.fieldname === fieldname);
  if (files.length > max) throw new AppError("VALIDATION", MESSAGES.tooManyImages);
  return files;
}
