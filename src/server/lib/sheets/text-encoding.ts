import { createReadStream } from "node:fs";
import { Transform } from "node:stream";

/**
 * Excel on Windows saves "CSV" in Windows-1252, not UTF-8: "Lawn – 3 piece" or "Rs. 2,500 ‘sale’"
 * would arrive as broken characters. A file that is valid UTF-8 (with or without a BOM) is read as
 * UTF-8; any other is Windows-1252, the only other encoding a spreadsheet here writes.
 */
export type TextEncodingName = "utf-8" | "windows-1252";

/** Whether the whole file is valid UTF-8, streamed (never the whole file in memory). */
export async function textEncodingOf(path: string): Promise<TextEncodingName> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of createReadStream(path)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return "utf-8";
  } catch {
    return "windows-1252";
  }
}

/**
 * Bytes 0x80 to 0x9F of Windows-1252 (Node's own decoder, without full ICU, reads them as Latin-1's
 * control characters); the other bytes are Latin-1's. The five unassigned bytes stay as they are.
 */
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80] : b));
    out += String.fromCharCode(...codes);
  }
  return out;
}

/** A stream turning Windows-1252 bytes into UTF-8 text (one byte is one character: no state between chunks). */
export function windows1252ToUtf8(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, Buffer.from(decodeWindows1252(chunk), "utf8"));
    },
  });
}
