import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** The store's own folder for uploads being read; nothing else is ever put there. */
export const SHEET_TEMP_DIR = join(tmpdir(), "zaiba-store-sheets");
export const SHEET_TEMP_PREFIX = "upload-";
/** Older than any upload still being read (an upload arriving too slowly is cut off long before). */
export const SHEET_TEMP_STALE_MS = 60 * 60_000;

/** A file written to SHEET_TEMP_DIR; `discard` removes it (and may be called more than once). */
export interface SpooledFile {
  path: string;
  discard(): Promise<void>;
}

/** Writes an upload's stream (bounded by its multipart limits) to a temporary file, removed again on any failure. */
export async function spoolToFile(input: Readable): Promise<SpooledFile> {
  await mkdir(SHEET_TEMP_DIR, { recursive: true, mode: 0o700 });
  const path = join(SHEET_TEMP_DIR, `${SHEET_TEMP_PREFIX}${process.pid}-${randomUUID()}`);
  const file = { path, discard: () => rm(path, { force: true }) };
  try {
    await pipeline(input, createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    await file.discard();
    throw err;
  }
  return file;
}

/**
 * At start-up: removes the uploads a crashed or killed process left behind. Only this store's
 * prefix, and only files older than SHEET_TEMP_STALE_MS, so another server process on the same
 * machine keeps the upload it is reading. File times are the operating system's, so this compares
 * them with the real time, not the app's clock.
 */
export async function sweepStaleSheetFiles(now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(SHEET_TEMP_DIR);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.startsWith(SHEET_TEMP_PREFIX)) continue;
    const path = join(SHEET_TEMP_DIR, name);
    const info = await stat(path).catch(() => null);
    if (!info || now - info.mtimeMs < SHEET_TEMP_STALE_MS) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}
