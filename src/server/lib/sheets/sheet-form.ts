import type { FastifyRequest } from "fastify";
import { AppError } from "../app-error.js";
import { sheetKindOf } from "./read-sheet.js";
import type { SheetKind } from "./sheet-row.js";
import { spoolToFile, type SpooledFile } from "./spool.js";

export interface SheetForm {
  /** The form's text parts, each at most 10,000 characters. */
  fields: Record<string, string>;
  /** The one sheet, spooled to a temporary file; null when the form had none. */
  file: { path: string; filename: string; kind: SheetKind } | null;
}

const tooBig = (maxBytes: number) =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `This sheet is larger than ${maxBytes / 1024 / 1024} MB; split it into smaller sheets and import each`,
  );

/**
 * Receives a multipart form holding one sheet and a few fields, its parts in any order: the sheet
 * is spooled to a temporary file (at most `maxBytes`) while the rest arrives, then `use` reads it
 * with everything at hand. The upload holds no place in flight while it arrives (as
 * readMultipart); the file is removed whatever happens: answered, refused, or the upload cut off.
 */
export async function withSheetForm<T>(
  request: FastifyRequest,
  maxBytes: number,
  use: (form: SheetForm) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the sheet as a multipart form with the file as `file`");
  const spooled: SpooledFile[] = [];
  try {
    const form = await request.whileArriving(receive(request, maxBytes, spooled));
    request.bodyArrived();
    return await use(form);
  } finally {
    await Promise.all(spooled.map((f) => f.discard()));
  }
}

async function receive(request: FastifyRequest, maxBytes: number, spooled: SpooledFile[]): Promise<SheetForm> {
  const form: SheetForm = { fields: {}, file: null };
  // Over the size the file ends early (truncated) rather than throwing, so the answer can say so.
  const options = { limits: { fileSize: maxBytes, files: 1, fields: 10 }, throwFileSizeLimit: false };
  try {
    for await (const part of request.parts(options as Parameters<FastifyRequest["parts"]>[0])) {
      if (part.type !== "file") {
        form.fields[part.fieldname] = String(part.value ?? "").slice(0, 10_000);
        continue;
      }
      const filename = (part.filename || "sheet").slice(0, 200);
      const kind = sheetKindOf(filename, part.mimetype);
      const file = await spoolToFile(part.file);
      spooled.push(file);
      if (part.file.truncated) throw tooBig(maxBytes);
      form.file = { path: file.path, filename, kind };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "FST_FILES_LIMIT") throw new AppError("VALIDATION", "Send one sheet at a time, as `file`");
    if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
      throw new AppError("PAYLOAD_TOO_LARGE", "This form has more parts than this call accepts");
    throw err;
  }
  return form;
}
