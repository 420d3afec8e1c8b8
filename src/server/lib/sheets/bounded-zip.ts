import { Transform, type Readable } from "node:stream";
import yauzl from "yauzl";
import { AppError } from "../app-error.js";
import { SHEET_MAX_ENTRIES, SHEET_MAX_ENTRY_BYTES, SHEET_MAX_TOTAL_BYTES } from "./bounds.js";
import { sheetErrors } from "./sheet-errors.js";

/**
 * A zip read from a file with random access (yauzl), so the parts are read in the order the
 * reader needs, whatever their order in the archive: nothing is spooled. Every part read is
 * inflated through a counter that stops it past the size it states, past SHEET_MAX_ENTRY_BYTES,
 * and all parts of one zip together past SHEET_MAX_TOTAL_BYTES. The counter, not yauzl's own
 * `validateEntrySizes`, checks the stated size: yauzl 2.10's check loses its error on current
 * Node (its stream's overridden destroy swallows it) and the read hangs.
 */
export interface BoundedZip {
  has(name: string): boolean;
  /** The part's inflated bytes as a stream, or null when the zip has no such part. */
  open(name: string): Promise<Readable | null>;
  close(): void;
}

export async function openBoundedZip(path: string): Promise<BoundedZip> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (err, z) =>
      err ? reject(err) : resolve(z),
    ),
  ).catch(() => {
    throw sheetErrors.unreadableXlsx();
  });
  try {
    if (zip.entryCount > SHEET_MAX_ENTRIES) throw sheetErrors.tooManyParts(SHEET_MAX_ENTRIES);
    const entries = await listEntries(zip);
    let inflated = 0;
    return {
      has: (name) => entries.has(name),
      open: async (name) => {
        const entry = entries.get(name);
        if (!entry) return null;
        if (entry.uncompressedSize > SHEET_MAX_ENTRY_BYTES) throw sheetErrors.unpacksTooBig(SHEET_MAX_ENTRY_BYTES);
        const raw = await new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
        ).catch(() => {
          throw sheetErrors.unreadableXlsx();
        });
        let read = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            read += chunk.length;
            inflated += chunk.length;
            if (read > entry.uncompressedSize) return done(sheetErrors.unreadableXlsx());
            if (read > SHEET_MAX_ENTRY_BYTES) return done(sheetErrors.unpacksTooBig(SHEET_MAX_ENTRY_BYTES));
            if (inflated > SHEET_MAX_TOTAL_BYTES) return done(sheetErrors.unpacksTooBig(SHEET_MAX_TOTAL_BYTES));
            done(null, chunk);
          },
        });
        raw.on("error", (err) => counter.destroy(err instanceof AppError ? err : sheetErrors.unreadableXlsx()));
        // Stopping the counter early (a bound, a reader that stopped) stops the inflating too.
        counter.on("close", () => raw.destroy());
        return raw.pipe(counter);
      },
      close: () => zip.close(),
    };
  } catch (err) {
    zip.close();
    throw err;
  }
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  return new Promise((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      // The declared count can lie; the listing is bounded by what is really read.
      if (entries.size >= SHEET_MAX_ENTRIES) return reject(sheetErrors.tooManyParts(SHEET_MAX_ENTRIES));
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(entries));
    zip.on("error", () => reject(sheetErrors.unreadableXlsx()));
    zip.readEntry();
  });
}
