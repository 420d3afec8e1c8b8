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

/** Reads a whole multipart form into memory (bounded by the limits set in app.ts). */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "This call expects a multipart form (multipart/form-data)");
  const form: MultipartForm = { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === "file") {
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
  return form;
}

/** Files of one field, refusing more than `max` with the spec's message. */
export function filesOf(form: MultipartForm, fieldname: string, max = 5): MultipartFile[] {
  const files = form.files.filter((f) => f.fieldname === fieldname);
  if (files.length > max) throw new AppError("VALIDATION", MESSAGES.tooManyImages);
  return files;
}
