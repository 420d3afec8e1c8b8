import type { Readable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { AppError } from "../app-error.js";
import { sheetErrors } from "./sheet-errors.js";

export interface XmlHandlers {
  open?(name: string, attributes: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** An element's name without its namespace prefix (`x:row` is `row`): some writers prefix them. */
const local = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Feeds an XML part to a streaming SAX parser (saxes) chunk by chunk, never holding the part
 * whole: after each chunk, `between` runs (the worksheet reader hands its rows on there). A
 * handler's error (a bound passed) stops the reading at once.
 */
export async function* parseXml(input: Readable, handlers: XmlHandlers): AsyncGenerator<void> {
  const parser = new SaxesParser();
  let failed: unknown = null;
  const guard =
    <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A) => {
      if (failed) return;
      try {
        fn(...args);
      } catch (err) {
        failed = err;
      }
    };
  parser.on(
    "opentag",
    guard((tag: SaxesTagPlain) => handlers.open?.(local(tag.name), tag.attributes)),
  );
  parser.on(
    "closetag",
    guard((tag: SaxesTagPlain) => handlers.close?.(local(tag.name))),
  );
  const text = guard((t: string) => handlers.text?.(t));
  parser.on("text", text);
  parser.on("cdata", text);
  parser.on("error", (err) => {
    failed ??= err;
  });
  const decoder = new StringDecoder("utf8");
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      parser.write(decoder.write(chunk));
      if (failed) break;
      yield;
    }
    if (!failed) parser.write(decoder.end()).close();
  } catch (err) {
    failed ??= err;
  } finally {
    input.destroy();
  }
  if (failed) throw failed instanceof AppError ? failed : sheetErrors.unreadableXlsx();
}

/** Reads a whole (small, bounded) XML part through the handlers. */
export async function readXml(input: Readable, handlers: XmlHandlers): Promise<void> {
  for await (const _ of parseXml(input, handlers));
}
