import { writeFile } from "node:fs/promises";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, createDeflateRaw } from "node:zlib";

/** A part of a crafted zip: its text in chunks (inflated size unbounded), and sizes it may lie about. */
export interface ZipPart {
  name: string;
  chunks: () => Iterable<string>;
  /** What the headers claim the part unpacks to, when it is not the truth. */
  declaredSize?: number;
}

/**
 * Writes a zip as an attacker would: parts in any order, any number of them, any inflated size,
 * sizes that lie. Each part is deflated as it is generated, so a part of gigabytes of repeated
 * text costs the test a few hundred kilobytes. (Libraries that write zips tell the truth.)
 */
export async function writeCraftedZip(path: string, parts: ZipPart[]): Promise<void> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    let crc = 0;
    let size = 0;
    const compressed: Buffer[] = [];
    await pipeline(
      Readable.from(
        (function* () {
          for (const chunk of part.chunks()) {
            const bytes = Buffer.from(chunk, "utf8");
            crc = crc32(bytes, crc);
            size += bytes.length;
            yield bytes;
          }
        })(),
      ),
      createDeflateRaw({ level: 9 }),
      new Writable({
        write(chunk: Buffer, _e, done) {
          compressed.push(chunk);
          done();
        },
      }),
    );
    const data = Buffer.concat(compressed);
    const name = Buffer.from(part.name, "utf8");
    const declared = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(parts.length, 0xffff), 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  await writeFile(path, Buffer.concat([...locals, ...central, end]));
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** Repeats `text` until `bytes` have been generated, in chunks of about 64 KB. */
export function* repeated(text: string, bytes: number): Iterable<string> {
  const chunk = text.repeat(Math.max(1, Math.floor(65_536 / text.length)));
  for (let done = 0; done < bytes; done += chunk.length) yield chunk;
}

/**
 * The parts of a minimal XLSX: the workbook and its relationships, the first worksheet's rows (as
 * XML, in chunks), shared texts and styles when given, in the order listed by `order`.
 */
export function xlsxParts(sheet: {
  rows: () => Iterable<string>;
  sharedStrings?: () => Iterable<string>;
  styles?: () => Iterable<string>;
}): Record<"workbook" | "rels" | "sheet" | "sharedStrings" | "styles", ZipPart | null> {
  const one = (text: string) => () => [text];
  return {
    workbook: {
      name: "xl/workbook.xml",
      chunks: one(
        `<workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    rels: {
      name: "xl/_rels/workbook.xml.rels",
      chunks: one(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
          `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` +
          `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    sheet: {
      name: "xl/worksheets/sheet1.xml",
      chunks: function* () {
        yield `<worksheet ${NS}><sheetData>`;
        yield* sheet.rows();
        yield "</sheetData></worksheet>";
      },
    },
    sharedStrings: sheet.sharedStrings ? { name: "xl/sharedStrings.xml", chunks: sheet.sharedStrings } : null,
    styles: sheet.styles ? { name: "xl/styles.xml", chunks: sheet.styles } : null,
  };
}
